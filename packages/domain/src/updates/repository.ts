import {
  canonicalJson,
  signMetadata,
  type RoleKeys,
  type RootMetadata,
  type Signed,
  type SnapshotMetadata,
  type TargetFile,
  type TargetsMetadata,
  type TimestampMetadata,
  type UpdateCrypto,
  type UpdateMetadataBundle,
  type UpdateRole,
  type UpdateSigner,
} from "./metadata.js";

/** A signing key of the update repository with its public half. */
export interface RepositoryKey extends UpdateSigner {
  publicKey: string;
}

export interface RootSpec {
  version: number;
  expires: string;
  /** The keys of each role; the threshold is 1 unless given. */
  roles: Record<UpdateRole, { keys: RepositoryKey[]; threshold?: number }>;
}

/** Builds a root naming the given keys, signed by its own root keys and any extra signers (the previous root's keys on rotation). */
export function buildRoot(spec: RootSpec, extraSigners: readonly UpdateSigner[] = []): Signed<RootMetadata> {
  const keys: RootMetadata["keys"] = {};
  const roles = {} as Record<UpdateRole, RoleKeys>;
  for (const [role, { keys: roleKeys, threshold }] of Object.entries(spec.roles) as [
    UpdateRole,
    RootSpec["roles"][UpdateRole],
  ][]) {
    for (const k of roleKeys) keys[k.keyid] = { keytype: "ed25519", public: k.publicKey };
    roles[role] = { keyids: roleKeys.map((k) => k.keyid), threshold: threshold ?? 1 };
  }
  const signed: RootMetadata = {
    _type: "root",
    specVersion: 1,
    version: spec.version,
    expires: spec.expires,
    keys,
    roles,
  };
  const own = spec.roles.root.keys;
  const extra = extraSigners.filter((s) => !own.some((o) => o.keyid === s.keyid));
  return signMetadata(signed, [...own, ...extra]);
}

export interface PublishSpec {
  targets: Record<string, TargetFile>;
  version: number;
  /** Expiry of the targets and snapshot documents. */
  expires: string;
  /** Expiry of the timestamp, kept short so a frozen mirror is noticed. */
  timestampExpires: string;
  timestampVersion?: number;
  targetsKeys: readonly UpdateSigner[];
  snapshotKeys: readonly UpdateSigner[];
  timestampKeys: readonly UpdateSigner[];
}

/** Signs targets, the snapshot naming them and the timestamp naming the snapshot, each bound by hash. */
export function buildRelease(
  spec: PublishSpec,
  crypto: Pick<UpdateCrypto, "sha256Hex">,
): Omit<UpdateMetadataBundle, "roots"> {
  const targets = signMetadata<TargetsMetadata>(
    { _type: "targets", specVersion: 1, version: spec.version, expires: spec.expires, targets: spec.targets },
    spec.targetsKeys,
  );
  const targetsJson = canonicalJson(targets);
  const snapshot = signMetadata<SnapshotMetadata>(
    {
      _type: "snapshot",
      specVersion: 1,
      version: spec.version,
      expires: spec.expires,
      meta: {
        "targets.json": {
          version: spec.version,
          length: targetsJson.length,
          hashes: { sha256: crypto.sha256Hex(targetsJson) },
        },
      },
    },
    spec.snapshotKeys,
  );
  const snapshotJson = canonicalJson(snapshot);
  const timestamp = signMetadata<TimestampMetadata>(
    {
      _type: "timestamp",
      specVersion: 1,
      version: spec.timestampVersion ?? spec.version,
      expires: spec.timestampExpires,
      meta: {
        "snapshot.json": {
          version: spec.version,
          length: snapshotJson.length,
          hashes: { sha256: crypto.sha256Hex(snapshotJson) },
        },
      },
    },
    spec.timestampKeys,
  );
  return { targets, snapshot, timestamp };
}

/**
 * The bytes the server's pinned command key signs to hand an agent its first update root; after
 * that the root chain alone decides which update keys are trusted.
 */
export function bootstrapRootPayload(root: Signed<RootMetadata>): string {
  return `steward-update-root:v1:${canonicalJson(root)}`;
}
