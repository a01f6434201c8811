import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  chooseTarget,
  compareVersions,
  refreshMetadata,
  signMetadata,
  UpdateRefusal,
  verifyArtifact,
  type Signed,
  type TargetFile,
  type TimestampMetadata,
  type TrustedUpdateState,
  type UpdateCrypto,
  type UpdateMetadataBundle,
} from "./metadata.js";
import { buildRelease, buildRoot, type RepositoryKey } from "./repository.js";

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

const nodeCrypto: UpdateCrypto = {
  verify: (pub, message, sig) =>
    verify(
      null,
      Buffer.from(message, "utf8"),
      createPublicKey({
        key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(pub, "base64")]),
        format: "der",
        type: "spki",
      }),
      Buffer.from(sig, "base64"),
    ),
  sha256Hex: (data) => createHash("sha256").update(data).digest("hex"),
};

function newKey(keyid: string): RepositoryKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const spki = publicKey.export({ format: "der", type: "spki" });
  return {
    keyid,
    publicKey: spki.subarray(spki.length - 32).toString("base64"),
    sign: (m) => sign(null, Buffer.from(m, "utf8"), privateKey).toString("base64"),
  };
}

const NOW = new Date("2026-06-01T12:00:00Z");
const LATER = "2027-01-01T00:00:00Z";
const SOON = "2026-06-02T00:00:00Z";

const artifactA = Buffer.from("agent build 1.1.0");
const artifactB = Buffer.from("agent build 1.2.0");
function target(bytes: Buffer, version: string): TargetFile {
  return {
    length: bytes.length,
    hashes: { sha256: nodeCrypto.sha256Hex(bytes) },
    custom: { version, platform: "linux", arch: "x64" },
  };
}

function world() {
  const keys = {
    root: newKey("root-1"),
    targets: newKey("targets-1"),
    snapshot: newKey("snapshot-1"),
    timestamp: newKey("timestamp-1"),
  };
  const roleSpec = (k: typeof keys) => ({
    root: { keys: [k.root] },
    targets: { keys: [k.targets] },
    snapshot: { keys: [k.snapshot] },
    timestamp: { keys: [k.timestamp] },
  });
  const root = buildRoot({ version: 1, expires: LATER, roles: roleSpec(keys) });
  const release = (
    version: number,
    targets: Record<string, TargetFile>,
    opts: { timestampExpires?: string; k?: typeof keys } = {},
  ) => {
    const k = opts.k ?? keys;
    return buildRelease(
      {
        version,
        targets,
        expires: LATER,
        timestampExpires: opts.timestampExpires ?? SOON,
        targetsKeys: [k.targets],
        snapshotKeys: [k.snapshot],
        timestampKeys: [k.timestamp],
      },
      nodeCrypto,
    );
  };
  return { keys, roleSpec, root, release };
}

function refusal(fn: () => unknown): UpdateRefusal {
  try {
    fn();
  } catch (e) {
    if (e instanceof UpdateRefusal) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("update metadata", () => {
  it("accepts a correctly signed release and picks the newer build for the platform", () => {
    const w = world();
    const bundle: UpdateMetadataBundle = {
      roots: [],
      ...w.release(1, { "steward-agent-1.2.0-linux-x64": target(artifactB, "1.2.0") }),
    };
    const state = refreshMetadata({ root: w.root }, bundle, nodeCrypto, NOW);
    const chosen = chooseTarget(
      state.targets.signed,
      { version: "1.2.0", platform: "linux", arch: "x64" },
      "1.1.0",
    );
    expect(chosen.name).toBe("steward-agent-1.2.0-linux-x64");
    expect(() =>
      verifyArtifact(chosen.file, { length: artifactB.length, sha256Hex: nodeCrypto.sha256Hex(artifactB) }),
    ).not.toThrow();
  });

  it("refuses a tampered artifact (same length, other bytes) and a truncated one", () => {
    const file = target(artifactB, "1.2.0");
    const tampered = Buffer.from(artifactB);
    tampered[0] = tampered[0]! ^ 1;
    expect(
      refusal(() =>
        verifyArtifact(file, { length: tampered.length, sha256Hex: nodeCrypto.sha256Hex(tampered) }),
      ).code,
    ).toBe("artifact-hash");
    const short = artifactB.subarray(0, 5);
    expect(
      refusal(() => verifyArtifact(file, { length: short.length, sha256Hex: nodeCrypto.sha256Hex(short) }))
        .code,
    ).toBe("artifact-length");
  });

  it("refuses tampered targets: a changed hash no longer matches the signature or the snapshot", () => {
    const w = world();
    const bundle: UpdateMetadataBundle = { roots: [], ...w.release(1, { a: target(artifactB, "1.2.0") }) };
    const evil = clone(bundle);
    evil.targets.signed.targets.a!.hashes.sha256 = nodeCrypto.sha256Hex("evil");
    expect(refusal(() => refreshMetadata({ root: w.root }, evil, nodeCrypto, NOW)).code).toBe("mismatch");

    // Even a holder of the snapshot and timestamp keys who drops the hash pins cannot pass targets the targets key did not sign.
    const evil2 = clone(evil);
    delete evil2.snapshot.signed.meta["targets.json"].hashes;
    evil2.snapshot = signMetadata(evil2.snapshot.signed, [w.keys.snapshot]);
    delete evil2.timestamp.signed.meta["snapshot.json"].hashes;
    evil2.timestamp = signMetadata(evil2.timestamp.signed, [w.keys.timestamp]);
    expect(refusal(() => refreshMetadata({ root: w.root }, evil2, nodeCrypto, NOW)).code).toBe("signature");
  });

  it("refuses a tampered timestamp and one signed by a key the root does not name", () => {
    const w = world();
    const bundle: UpdateMetadataBundle = { roots: [], ...w.release(1, { a: target(artifactB, "1.2.0") }) };
    const evil = clone(bundle);
    evil.timestamp.signed.expires = "2099-01-01T00:00:00Z";
    expect(refusal(() => refreshMetadata({ root: w.root }, evil, nodeCrypto, NOW)).code).toBe("signature");
    const forged = clone(bundle);
    forged.timestamp = signMetadata(forged.timestamp.signed, [newKey("timestamp-1")]);
    expect(refusal(() => refreshMetadata({ root: w.root }, forged, nodeCrypto, NOW)).code).toBe("signature");
    // A signature by the targets key does not count for the timestamp role.
    const wrongRole = clone(bundle);
    wrongRole.timestamp = signMetadata(wrongRole.timestamp.signed, [
      { ...w.keys.targets, keyid: "targets-1" },
    ]);
    expect(refusal(() => refreshMetadata({ root: w.root }, wrongRole, nodeCrypto, NOW)).code).toBe(
      "signature",
    );
  });

  it("refuses an expired timestamp (freeze) and expired targets", () => {
    const w = world();
    const frozen: UpdateMetadataBundle = {
      roots: [],
      ...w.release(1, { a: target(artifactB, "1.2.0") }, { timestampExpires: "2026-06-01T11:59:59Z" }),
    };
    const r = refusal(() => refreshMetadata({ root: w.root }, frozen, nodeCrypto, NOW));
    expect(r.code).toBe("expired");
    expect(r.message).toContain("timestamp");
    const later = new Date("2027-02-01T00:00:00Z");
    const ok: UpdateMetadataBundle = {
      roots: [],
      ...w.release(1, { a: target(artifactB, "1.2.0") }, { timestampExpires: "2028-01-01T00:00:00Z" }),
    };
    // The root itself expires first at that time.
    expect(refusal(() => refreshMetadata({ root: w.root }, ok, nodeCrypto, later)).message).toContain("root");
  });

  it("never accepts a lower version of the timestamp, snapshot or targets than it trusts (rollback)", () => {
    const w = world();
    const v1: UpdateMetadataBundle = { roots: [], ...w.release(1, { a: target(artifactA, "1.1.0") }) };
    const v2: UpdateMetadataBundle = { roots: [], ...w.release(2, { b: target(artifactB, "1.2.0") }) };
    const trusted = refreshMetadata({ root: w.root }, v2, nodeCrypto, NOW);
    const r = refusal(() => refreshMetadata(trusted, v1, nodeCrypto, NOW));
    expect(r.code).toBe("rollback");
    // The old snapshot and targets under a fresh timestamp are refused as well.
    const replay: UpdateMetadataBundle = { ...v1, timestamp: w.release(3, {}).timestamp };
    replay.timestamp = signMetadata<TimestampMetadata>(
      { ...replay.timestamp.signed, meta: { "snapshot.json": { version: 1 } } },
      [w.keys.timestamp],
    );
    expect(refusal(() => refreshMetadata(trusted, replay, nodeCrypto, NOW)).code).toBe("rollback");
    // The same versions again are fine (nothing new published).
    expect(() => refreshMetadata(trusted, v2, nodeCrypto, NOW)).not.toThrow();
  });

  it("refuses an older build offered as the newer version", () => {
    const w = world();
    const bundle: UpdateMetadataBundle = {
      roots: [],
      ...w.release(1, { old: target(artifactA, "1.1.0"), same: target(artifactB, "1.2.0") }),
    };
    const state = refreshMetadata({ root: w.root }, bundle, nodeCrypto, NOW);
    expect(
      refusal(() =>
        chooseTarget(state.targets.signed, { version: "1.1.0", platform: "linux", arch: "x64" }, "1.2.0"),
      ).code,
    ).toBe("not-newer");
    expect(
      refusal(() =>
        chooseTarget(state.targets.signed, { version: "1.2.0", platform: "linux", arch: "x64" }, "1.2.0"),
      ).code,
    ).toBe("not-newer");
    expect(
      refusal(() =>
        chooseTarget(state.targets.signed, { version: "1.2.0", platform: "win32", arch: "x64" }, "1.0.0"),
      ).code,
    ).toBe("no-target");
  });

  it("rotates keys through a new root signed by the old one, and then refuses the old keys", () => {
    const w = world();
    const fresh = {
      root: newKey("root-2"),
      targets: newKey("targets-2"),
      snapshot: newKey("snapshot-2"),
      timestamp: newKey("timestamp-2"),
    };
    const root2 = buildRoot({ version: 2, expires: LATER, roles: w.roleSpec(fresh) }, [w.keys.root]);
    const bundle: UpdateMetadataBundle = {
      roots: [root2],
      ...w.release(1, { b: target(artifactB, "1.2.0") }, { k: fresh }),
    };
    const state = refreshMetadata({ root: w.root }, bundle, nodeCrypto, NOW);
    expect(state.root.signed.version).toBe(2);
    // Metadata still signed with the old keys is refused under the new root.
    const old: UpdateMetadataBundle = { roots: [], ...w.release(2, { b: target(artifactB, "1.2.0") }) };
    expect(refusal(() => refreshMetadata(state, old, nodeCrypto, NOW)).code).toBe("signature");
  });

  it("refuses a new root not signed by the old root's keys, one that skips a version and an older root", () => {
    const w = world();
    const fresh = {
      root: newKey("root-2"),
      targets: newKey("targets-2"),
      snapshot: newKey("snapshot-2"),
      timestamp: newKey("timestamp-2"),
    };
    const selfSigned = buildRoot({ version: 2, expires: LATER, roles: w.roleSpec(fresh) });
    const rel = w.release(1, { b: target(artifactB, "1.2.0") }, { k: fresh });
    expect(
      refusal(() => refreshMetadata({ root: w.root }, { roots: [selfSigned], ...rel }, nodeCrypto, NOW)).code,
    ).toBe("signature");
    // Signed by the old key only, not by the new root's own key.
    const oldOnly = signMetadata(selfSigned.signed, [w.keys.root]);
    expect(
      refusal(() => refreshMetadata({ root: w.root }, { roots: [oldOnly], ...rel }, nodeCrypto, NOW)).code,
    ).toBe("signature");
    const skipping = buildRoot({ version: 3, expires: LATER, roles: w.roleSpec(fresh) }, [w.keys.root]);
    expect(
      refusal(() => refreshMetadata({ root: w.root }, { roots: [skipping], ...rel }, nodeCrypto, NOW)).code,
    ).toBe("version-gap");
    const root2 = buildRoot({ version: 2, expires: LATER, roles: w.roleSpec(fresh) }, [w.keys.root]);
    const trusted: TrustedUpdateState = refreshMetadata(
      { root: w.root },
      { roots: [root2], ...rel },
      nodeCrypto,
      NOW,
    );
    expect(refusal(() => refreshMetadata(trusted, { roots: [w.root], ...rel }, nodeCrypto, NOW)).code).toBe(
      "rollback",
    );
  });

  it("counts one key once even if it signs twice or appears under two key ids", () => {
    const w = world();
    const second = newKey("timestamp-2");
    const root = buildRoot({
      version: 1,
      expires: LATER,
      roles: {
        ...w.roleSpec(w.keys),
        timestamp: {
          keys: [w.keys.timestamp, { ...w.keys.timestamp, keyid: "alias" }, second],
          threshold: 2,
        },
      },
    });
    const rel = w.release(1, { b: target(artifactB, "1.2.0") });
    const doubled: Signed<TimestampMetadata> = signMetadata(rel.timestamp.signed, [
      w.keys.timestamp,
      { ...w.keys.timestamp, keyid: "alias" },
    ]);
    expect(
      refusal(() => refreshMetadata({ root }, { roots: [], ...rel, timestamp: doubled }, nodeCrypto, NOW))
        .code,
    ).toBe("signature");
    const two = signMetadata(rel.timestamp.signed, [w.keys.timestamp, second]);
    expect(() =>
      refreshMetadata({ root }, { roots: [], ...rel, timestamp: two }, nodeCrypto, NOW),
    ).not.toThrow();
  });

  it("refuses malformed documents", () => {
    const w = world();
    const rel = w.release(1, {});
    expect(
      refusal(() =>
        refreshMetadata(
          { root: w.root },
          { roots: [], ...rel, timestamp: rel.snapshot as never },
          nodeCrypto,
          NOW,
        ),
      ).code,
    ).toBe("malformed");
    expect(
      refusal(() =>
        refreshMetadata({ root: w.root }, { roots: [], ...rel, targets: {} as never }, nodeCrypto, NOW),
      ).code,
    ).toBe("malformed");
  });

  it("signs canonical JSON: key order does not matter, values do", () => {
    expect(canonicalJson({ b: 1, a: [1, { d: "x", c: null }] })).toBe('{"a":[1,{"c":null,"d":"x"}],"b":1}');
    expect(compareVersions("1.10.0", "1.9.3")).toBe(1);
    expect(compareVersions("1.2.0", "1.2.0")).toBe(0);
    expect(compareVersions("1.2.0-rc.1", "1.2.0")).toBe(-1);
    expect(compareVersions("0.9.9", "1.0.0")).toBe(-1);
  });
});
