import { asc, desc, eq } from "drizzle-orm";
import {
  buildRelease,
  buildRoot,
  canonicalJson,
  type RootMetadata,
  type Signed,
  type SnapshotMetadata,
  type TargetFile,
  type TargetsMetadata,
  signMetadata,
  type TimestampMetadata,
} from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { agentReleases, agentUpdateMetadata } from "./agent-updates.tables.js";
import { nodeUpdateCrypto, type UpdateKeys } from "./update-keys.js";

export const DAY = 86_400_000;

export interface MetadataSignerOptions {
  db: Db;
  keys: UpdateKeys;
  clock: () => Date;
  /** Lifetime of root, targets and snapshot in days; the timestamp lives `timestampDays`. */
  metadataDays: number;
  timestampDays: number;
}

/**
 * The signed update metadata: the first root made on first use, new targets, snapshot and
 * timestamp over every published build, and a fresh timestamp before the served one expires.
 * Signing runs one job at a time, so two publications never sign the same version.
 */
export function createMetadataSigner(options: MetadataSignerOptions) {
  const { db, keys, clock, metadataDays, timestampDays } = options;
  let signing: Promise<unknown> = Promise.resolve();

  const expiresIn = (days: number) => new Date(clock().getTime() + days * DAY).toISOString();

  async function latest<T>(role: string): Promise<Signed<T> | undefined> {
    const [row] = await db
      .select({ document: agentUpdateMetadata.document })
      .from(agentUpdateMetadata)
      .where(eq(agentUpdateMetadata.role, role))
      .orderBy(desc(agentUpdateMetadata.version))
      .limit(1);
    return row?.document as Signed<T> | undefined;
  }

  async function store(role: string, version: number, document: unknown): Promise<void> {
    await db.insert(agentUpdateMetadata).values({ role, version, document });
  }

  /** The first root, made on first use with the repository's own keys. */
  async function ensureRoot(): Promise<Signed<RootMetadata>> {
    const existing = await latest<RootMetadata>("root");
    if (existing) return existing;
    const root = buildRoot({
      version: 1,
      expires: expiresIn(metadataDays * 10),
      roles: {
        root: { keys: [keys.root] },
        targets: { keys: [keys.targets] },
        snapshot: { keys: [keys.snapshot] },
        timestamp: { keys: [keys.timestamp] },
      },
    });
    await store("root", 1, root);
    return root;
  }

  /** Signs new targets (every published build), snapshot and timestamp, one version above the last. */
  async function signRelease(): Promise<void> {
    await ensureRoot();
    const rows = await db.select().from(agentReleases).orderBy(asc(agentReleases.id));
    const targets: Record<string, TargetFile> = {};
    for (const r of rows)
      targets[r.artifactName] = {
        length: r.length,
        hashes: { sha256: r.sha256 },
        custom: { version: r.version, platform: r.platform, arch: r.arch },
      };
    const last = await latest<TargetsMetadata>("targets");
    const lastTimestamp = await latest<TimestampMetadata>("timestamp");
    const version = (last?.signed.version ?? 0) + 1;
    const bundle = buildRelease(
      {
        version,
        targets,
        expires: expiresIn(metadataDays),
        timestampExpires: expiresIn(timestampDays),
        timestampVersion: (lastTimestamp?.signed.version ?? 0) + 1,
        targetsKeys: [keys.targets],
        snapshotKeys: [keys.snapshot],
        timestampKeys: [keys.timestamp],
      },
      nodeUpdateCrypto,
    );
    await store("targets", version, bundle.targets);
    await store("snapshot", version, bundle.snapshot);
    await store("timestamp", bundle.timestamp.signed.version, bundle.timestamp);
  }

  /** Signs a fresh timestamp over the current snapshot when the served one nears its expiry. */
  async function refreshTimestamp(): Promise<boolean> {
    const ts = await latest<TimestampMetadata>("timestamp");
    const snapshot = await latest<SnapshotMetadata>("snapshot");
    if (!ts || !snapshot) return false;
    if (Date.parse(ts.signed.expires) - clock().getTime() > DAY) return false;
    const json = canonicalJson(snapshot);
    const next: TimestampMetadata = {
      ...ts.signed,
      version: ts.signed.version + 1,
      expires: expiresIn(timestampDays),
      meta: {
        "snapshot.json": {
          version: snapshot.signed.version,
          length: json.length,
          hashes: { sha256: nodeUpdateCrypto.sha256Hex(json) },
        },
      },
    };
    await store("timestamp", next.version, signMetadata(next, [keys.timestamp]));
    return true;
  }

  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = signing.then(work, work);
    signing = run.catch(() => undefined);
    return run;
  };

  return { latest, ensureRoot, signRelease, refreshTimestamp, serialized };
}

export type MetadataSigner = ReturnType<typeof createMetadataSigner>;
