/**
 * Signed update metadata in the manner of The Update Framework: four roles (root, targets,
 * snapshot, timestamp), each a signed document with a version and an expiry. The root names
 * the keys and thresholds of every role; a new root must be signed by the old root's keys and
 * its own, which is how keys rotate. A client never accepts a lower version of any document
 * than one it already trusts (rollback) nor an expired one (freeze).
 *
 * This module is pure: signature checks and hashing are handed in, so the browser bundle can
 * import the types while agent and server pass node:crypto's Ed25519 and SHA-256.
 */

export type UpdateRole = "root" | "targets" | "snapshot" | "timestamp";
export const UPDATE_ROLES: readonly UpdateRole[] = ["root", "targets", "snapshot", "timestamp"];

export interface UpdateKey {
  keytype: "ed25519";
  /** Raw 32-byte public key, base64. */
  public: string;
}

export interface RoleKeys {
  keyids: string[];
  threshold: number;
}

interface SignedBase {
  /** RFC 3339 time after which the document is refused. */
  expires: string;
  version: number;
  specVersion: 1;
}

export interface RootMetadata extends SignedBase {
  _type: "root";
  keys: Record<string, UpdateKey>;
  roles: Record<UpdateRole, RoleKeys>;
}

export interface TargetFile {
  length: number;
  hashes: { sha256: string };
  custom: { version: string; platform: string; arch: string };
}

export interface TargetsMetadata extends SignedBase {
  _type: "targets";
  targets: Record<string, TargetFile>;
}

export interface MetaFileInfo {
  version: number;
  length?: number;
  hashes?: { sha256: string };
}

export interface SnapshotMetadata extends SignedBase {
  _type: "snapshot";
  meta: { "targets.json": MetaFileInfo };
}

export interface TimestampMetadata extends SignedBase {
  _type: "timestamp";
  meta: { "snapshot.json": MetaFileInfo };
}

export interface RoleMetadata {
  root: RootMetadata;
  targets: TargetsMetadata;
  snapshot: SnapshotMetadata;
  timestamp: TimestampMetadata;
}

export interface Signature {
  keyid: string;
  /** Ed25519 signature over the canonical JSON of `signed`, base64. */
  sig: string;
}

export interface Signed<T> {
  signed: T;
  signatures: Signature[];
}

/** The crypto a verifier needs; node:crypto provides both on agent and server. */
export interface UpdateCrypto {
  verify(publicKeyBase64: string, message: string, signatureBase64: string): boolean;
  sha256Hex(data: string | Uint8Array): string;
}

/** A key able to sign metadata (the server's update keys). */
export interface UpdateSigner {
  keyid: string;
  sign(message: string): string;
}

export type UpdateRefusalCode =
  | "malformed"
  | "signature"
  | "expired"
  | "rollback"
  | "version-gap"
  | "mismatch"
  | "artifact-length"
  | "artifact-hash"
  | "not-newer"
  | "no-target";

/** Why a piece of update metadata or an artifact was refused. */
export class UpdateRefusal extends Error {
  constructor(
    readonly code: UpdateRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "UpdateRefusal";
  }
}

/** JSON with object keys sorted and no whitespace: the bytes that are signed. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value))
      throw new UpdateRefusal("malformed", "Not a finite number.");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function signMetadata<T>(signed: T, signers: readonly UpdateSigner[]): Signed<T> {
  const message = canonicalJson(signed);
  return { signed, signatures: signers.map((s) => ({ keyid: s.keyid, sig: s.sign(message) })) };
}

/** Compares dotted numeric versions ("1.10.0" > "1.9.3"); a pre-release suffix sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = "", pre] = v.trim().replace(/^v/i, "").split("-", 2);
    return { parts: core.split(".").map((p) => Number.parseInt(p, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function checkShape(role: UpdateRole, doc: unknown): asserts doc is Signed<RoleMetadata[UpdateRole]> {
  if (!isObject(doc) || !isObject(doc.signed) || !Array.isArray(doc.signatures))
    throw new UpdateRefusal("malformed", `The ${role} metadata is not a signed document.`);
  const s = doc.signed;
  if (s._type !== role)
    throw new UpdateRefusal("malformed", `Expected ${role} metadata, got ${String(s._type)}.`);
  if (!Number.isSafeInteger(s.version) || (s.version as number) < 1)
    throw new UpdateRefusal("malformed", `The ${role} metadata has no valid version.`);
  if (typeof s.expires !== "string" || Number.isNaN(Date.parse(s.expires)))
    throw new UpdateRefusal("malformed", `The ${role} metadata has no valid expiry.`);
  for (const sig of doc.signatures)
    if (!isObject(sig) || typeof sig.keyid !== "string" || typeof sig.sig !== "string")
      throw new UpdateRefusal("malformed", `The ${role} metadata carries a malformed signature.`);
  if (role === "root") {
    if (!isObject(s.keys) || !isObject(s.roles))
      throw new UpdateRefusal("malformed", "The root names no keys or roles.");
    for (const r of UPDATE_ROLES) {
      const rk = (s.roles as Record<string, unknown>)[r];
      if (
        !isObject(rk) ||
        !Array.isArray(rk.keyids) ||
        !Number.isSafeInteger(rk.threshold) ||
        (rk.threshold as number) < 1
      )
        throw new UpdateRefusal("malformed", `The root gives the ${r} role no keys or threshold.`);
    }
  }
  if (role === "targets" && !isObject(s.targets))
    throw new UpdateRefusal("malformed", "The targets metadata lists no targets.");
  if ((role === "snapshot" || role === "timestamp") && !isObject(s.meta))
    throw new UpdateRefusal("malformed", `The ${role} metadata has no meta.`);
}

/**
 * Counts the distinct keys of `role` (as the root names them) whose signature over the document
 * verifies; refuses the document when fewer than the threshold do. The same public key under two
 * key ids counts once.
 */
export function verifyRoleSignatures(
  doc: Signed<unknown>,
  root: RootMetadata,
  role: UpdateRole,
  crypto: UpdateCrypto,
): void {
  const roleKeys = root.roles[role];
  const message = canonicalJson(doc.signed);
  const good = new Set<string>();
  for (const { keyid, sig } of doc.signatures) {
    if (!roleKeys.keyids.includes(keyid)) continue;
    const key = root.keys[keyid];
    if (!key || key.keytype !== "ed25519" || good.has(key.public)) continue;
    let ok = false;
    try {
      ok = crypto.verify(key.public, message, sig);
    } catch {
      ok = false;
    }
    if (ok) good.add(key.public);
  }
  if (good.size < roleKeys.threshold)
    throw new UpdateRefusal(
      "signature",
      `The ${role} metadata has ${good.size} valid signature(s) of the ${roleKeys.threshold} required.`,
    );
}

function checkExpiry(role: UpdateRole, meta: { expires: string }, now: Date): void {
  if (Date.parse(meta.expires) <= now.getTime())
    throw new UpdateRefusal("expired", `The ${role} metadata expired at ${meta.expires}.`);
}

/** What a client has trusted so far; the root is always present (shipped with the agent or pinned at enrollment). */
export interface TrustedUpdateState {
  root: Signed<RootMetadata>;
  timestamp?: Signed<TimestampMetadata> | undefined;
  snapshot?: Signed<SnapshotMetadata> | undefined;
  targets?: Signed<TargetsMetadata> | undefined;
}

/** Everything the server hands out for one refresh; `roots` are the roots newer than the client's, in order. */
export interface UpdateMetadataBundle {
  roots: Signed<RootMetadata>[];
  timestamp: Signed<TimestampMetadata>;
  snapshot: Signed<SnapshotMetadata>;
  targets: Signed<TargetsMetadata>;
}

/**
 * Walks the chain of newer roots: each must carry the next version and be signed by a threshold
 * of both the previous root's root keys and its own. The final root must not be expired.
 * Returns the newest trusted root.
 */
export function updateRoot(
  trusted: Signed<RootMetadata>,
  newer: readonly unknown[],
  crypto: UpdateCrypto,
  now: Date,
): Signed<RootMetadata> {
  let current = trusted;
  for (const candidate of newer) {
    checkShape("root", candidate);
    const next = candidate as Signed<RootMetadata>;
    if (next.signed.version <= current.signed.version)
      throw new UpdateRefusal(
        "rollback",
        `Root version ${next.signed.version} is not newer than the trusted ${current.signed.version}.`,
      );
    if (next.signed.version !== current.signed.version + 1)
      throw new UpdateRefusal(
        "version-gap",
        `Root version ${next.signed.version} skips versions after the trusted ${current.signed.version}.`,
      );
    verifyRoleSignatures(next, current.signed, "root", crypto);
    verifyRoleSignatures(next, next.signed, "root", crypto);
    current = next;
  }
  checkExpiry("root", current.signed, now);
  return current;
}

/**
 * Refreshes the trusted metadata from a bundle the server sent, in the order that keeps each step
 * anchored in the one before: root, timestamp, snapshot, targets. Throws an UpdateRefusal on the
 * first problem; the state the caller holds stays as it was.
 */
export function refreshMetadata(
  trusted: TrustedUpdateState,
  bundle: UpdateMetadataBundle,
  crypto: UpdateCrypto,
  now: Date,
): Required<TrustedUpdateState> {
  const root = updateRoot(trusted.root, bundle.roots ?? [], crypto, now);
  const rootRotated = root.signed.version !== trusted.root.signed.version;
  // A rotated root may have replaced the keys of the other roles, so the old documents no longer bind.
  const previous: TrustedUpdateState = rootRotated ? { root } : trusted;

  checkShape("timestamp", bundle.timestamp);
  const timestamp = bundle.timestamp;
  verifyRoleSignatures(timestamp, root.signed, "timestamp", crypto);
  if (previous.timestamp && timestamp.signed.version < previous.timestamp.signed.version)
    throw new UpdateRefusal(
      "rollback",
      `Timestamp version ${timestamp.signed.version} is older than the trusted ${previous.timestamp.signed.version}.`,
    );
  checkExpiry("timestamp", timestamp.signed, now);
  const snapshotInfo = timestamp.signed.meta["snapshot.json"];
  if (!snapshotInfo) throw new UpdateRefusal("malformed", "The timestamp names no snapshot.");
  if (
    previous.timestamp &&
    snapshotInfo.version < (previous.timestamp.signed.meta["snapshot.json"]?.version ?? 0)
  )
    throw new UpdateRefusal("rollback", "The timestamp names an older snapshot than the trusted one.");

  checkShape("snapshot", bundle.snapshot);
  const snapshot = bundle.snapshot;
  if (snapshotInfo.hashes && crypto.sha256Hex(canonicalJson(snapshot)) !== snapshotInfo.hashes.sha256)
    throw new UpdateRefusal("mismatch", "The snapshot does not match the hash the timestamp names.");
  verifyRoleSignatures(snapshot, root.signed, "snapshot", crypto);
  if (snapshot.signed.version !== snapshotInfo.version)
    throw new UpdateRefusal(
      "mismatch",
      `Snapshot version ${snapshot.signed.version} is not the ${snapshotInfo.version} the timestamp names.`,
    );
  if (previous.snapshot) {
    if (snapshot.signed.version < previous.snapshot.signed.version)
      throw new UpdateRefusal("rollback", "The snapshot is older than the trusted one.");
    const was = previous.snapshot.signed.meta["targets.json"]?.version ?? 0;
    if ((snapshot.signed.meta["targets.json"]?.version ?? 0) < was)
      throw new UpdateRefusal("rollback", "The snapshot names older targets than the trusted one.");
  }
  checkExpiry("snapshot", snapshot.signed, now);
  const targetsInfo = snapshot.signed.meta["targets.json"];
  if (!targetsInfo) throw new UpdateRefusal("malformed", "The snapshot names no targets.");

  checkShape("targets", bundle.targets);
  const targets = bundle.targets;
  if (targetsInfo.hashes && crypto.sha256Hex(canonicalJson(targets)) !== targetsInfo.hashes.sha256)
    throw new UpdateRefusal("mismatch", "The targets do not match the hash the snapshot names.");
  verifyRoleSignatures(targets, root.signed, "targets", crypto);
  if (targets.signed.version !== targetsInfo.version)
    throw new UpdateRefusal(
      "mismatch",
      `Targets version ${targets.signed.version} is not the ${targetsInfo.version} the snapshot names.`,
    );
  if (previous.targets && targets.signed.version < previous.targets.signed.version)
    throw new UpdateRefusal("rollback", "The targets are older than the trusted ones.");
  checkExpiry("targets", targets.signed, now);
  for (const [name, t] of Object.entries(targets.signed.targets)) {
    if (
      !isObject(t) ||
      !Number.isSafeInteger(t.length) ||
      t.length < 0 ||
      !isObject(t.hashes) ||
      typeof t.hashes.sha256 !== "string" ||
      !/^[0-9a-f]{64}$/.test(t.hashes.sha256) ||
      !isObject(t.custom) ||
      typeof t.custom.version !== "string"
    )
      throw new UpdateRefusal("malformed", `Target ${name} is malformed.`);
  }
  return { root, timestamp, snapshot, targets };
}

export interface ChosenTarget {
  name: string;
  file: TargetFile;
}

/**
 * Picks the target for this platform and architecture at exactly `wantedVersion` (the version the
 * rollout assigns) from verified targets; refuses one that is not newer than the running version,
 * so an old, vulnerable build cannot be offered as an upgrade.
 */
export function chooseTarget(
  targets: TargetsMetadata,
  wanted: { version: string; platform: string; arch: string },
  runningVersion: string,
): ChosenTarget {
  const found = Object.entries(targets.targets).find(
    ([, t]) =>
      t.custom.version === wanted.version &&
      t.custom.platform === wanted.platform &&
      t.custom.arch === wanted.arch,
  );
  if (!found)
    throw new UpdateRefusal(
      "no-target",
      `The signed targets hold no ${wanted.platform}-${wanted.arch} build of version ${wanted.version}.`,
    );
  if (compareVersions(found[1].custom.version, runningVersion) <= 0)
    throw new UpdateRefusal(
      "not-newer",
      `Version ${found[1].custom.version} is not newer than the running ${runningVersion}; refused.`,
    );
  return { name: found[0], file: found[1] };
}

/** Checks a downloaded artifact against its signed length and SHA-256 before it may be installed. */
export function verifyArtifact(file: TargetFile, artifact: { length: number; sha256Hex: string }): void {
  if (artifact.length !== file.length)
    throw new UpdateRefusal(
      "artifact-length",
      `The download has ${artifact.length} bytes, the signed length is ${file.length}.`,
    );
  if (artifact.sha256Hex.toLowerCase() !== file.hashes.sha256)
    throw new UpdateRefusal("artifact-hash", "The download's SHA-256 does not match the signed hash.");
}
