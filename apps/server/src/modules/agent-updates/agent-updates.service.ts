import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type {
  AgentRelease,
  CreateRolloutRequest,
  PublishAgentReleaseRequest,
  Rollout,
  RolloutDeviceState,
  RolloutRing,
  agent as proto,
} from "@steward/contracts";
import {
  bootstrapRootPayload,
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
import { AppError } from "../../platform/errors/app-error.js";
import { audit, inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import {
  agentReleases,
  agentRolloutDevices,
  agentRollouts,
  agentUpdateMetadata,
} from "./agent-updates.tables.js";
import { nodeUpdateCrypto, type UpdateKeys } from "./update-keys.js";

export interface Editor {
  request: FastifyRequest | null;
  userId: number | null;
}

export interface AgentUpdatesOptions {
  db: Db;
  keys: UpdateKeys;
  /** The command-signing key: it vouches for the first update root an agent takes. */
  commandSign(payload: string): string;
  /** Folder holding the published artifacts. */
  releasesDir: string;
  clock?: () => Date;
  /** Lifetime of root, targets and snapshot; the timestamp lives `timestampDays`. */
  metadataDays?: number;
  timestampDays?: number;
  /** An offered device with no report after its health time plus this long counts as failed. */
  offerGraceSeconds?: number;
}

/** How the rollout engine reaches agents (the agent gateway of this node). */
export interface UpdateChannel {
  isOnline(deviceId: number): boolean;
  offer(deviceId: number, message: proto.UpdateOfferMessage): boolean;
}

const DAY = 86_400_000;
const IN_FLIGHT = ["OFFERED", "DOWNLOADING"] as const;

function artifactNameOf(version: string, platform: string, arch: string, kind: "bundle" | "binary"): string {
  const ext = kind === "bundle" ? ".mjs" : platform === "win32" ? ".exe" : "";
  return `steward-agent-${version}-${platform}-${arch}${ext}`;
}

/** A device's stable place in a rollout's percentage order. */
function orderKey(rolloutSeed: string, deviceId: number): string {
  return createHash("sha256").update(`${rolloutSeed}:${deviceId}`).digest("hex");
}

export function createAgentUpdatesService(options: AgentUpdatesOptions) {
  const { db, keys } = options;
  const clock = options.clock ?? (() => new Date());
  const metadataDays = options.metadataDays ?? 365;
  const timestampDays = options.timestampDays ?? 7;
  const grace = (options.offerGraceSeconds ?? 600) * 1000;
  let channel: UpdateChannel | undefined;
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

  function releaseOf(r: typeof agentReleases.$inferSelect): AgentRelease {
    return {
      id: r.id,
      version: r.version,
      platform: r.platform,
      arch: r.arch,
      artifactName: r.artifactName,
      length: r.length,
      sha256: r.sha256,
      notes: r.notes,
      createdAt: r.createdAt.toISOString(),
    };
  }

  async function ringProgress(rolloutId: number, ringCount: number): Promise<Rollout["ringProgress"]> {
    const rows = await db
      .select({ ring: agentRolloutDevices.ring, state: agentRolloutDevices.state, n: count() })
      .from(agentRolloutDevices)
      .where(eq(agentRolloutDevices.rolloutId, rolloutId))
      .groupBy(agentRolloutDevices.ring, agentRolloutDevices.state);
    const out = Array.from({ length: ringCount }, () => ({
      total: 0,
      pending: 0,
      updating: 0,
      installed: 0,
      failed: 0,
      rolledBack: 0,
    }));
    for (const r of rows) {
      const p = out[r.ring];
      if (!p) continue;
      const n = Number(r.n);
      p.total += n;
      if (r.state === "PENDING") p.pending += n;
      else if (r.state === "OFFERED" || r.state === "DOWNLOADING") p.updating += n;
      else if (r.state === "INSTALLED") p.installed += n;
      else if (r.state === "FAILED") p.failed += n;
      else if (r.state === "ROLLED_BACK") p.rolledBack += n;
    }
    return out;
  }

  async function rolloutOf(r: typeof agentRollouts.$inferSelect): Promise<Rollout> {
    const rings = r.rings as RolloutRing[];
    return {
      id: r.id,
      version: r.version,
      state: r.state as Rollout["state"],
      maxConcurrent: r.maxConcurrent,
      healthSeconds: r.healthSeconds,
      bytesPerSecond: r.bytesPerSecond,
      rings,
      currentRing: r.currentRing,
      ringProgress: await ringProgress(r.id, rings.length),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function rolloutRow(id: number) {
    const [row] = await db.select().from(agentRollouts).where(eq(agentRollouts.id, id));
    if (!row) throw new AppError("E_NOT_FOUND", 404);
    return row;
  }

  /** Moves a rollout's devices on: stale offers fail, rings advance, free slots get offers. */
  async function advance(row: typeof agentRollouts.$inferSelect): Promise<number> {
    const now = clock();
    await db
      .update(agentRolloutDevices)
      .set({ state: "FAILED", reason: "No report from the agent in time.", updatedAt: now })
      .where(
        and(
          eq(agentRolloutDevices.rolloutId, row.id),
          inArray(agentRolloutDevices.state, [...IN_FLIGHT]),
          lt(agentRolloutDevices.offeredAt, new Date(now.getTime() - row.healthSeconds * 1000 - grace)),
        ),
      );
    const rings = row.rings as RolloutRing[];
    const open = await db
      .select({
        deviceId: agentRolloutDevices.deviceId,
        ring: agentRolloutDevices.ring,
        state: agentRolloutDevices.state,
      })
      .from(agentRolloutDevices)
      .where(
        and(
          eq(agentRolloutDevices.rolloutId, row.id),
          inArray(agentRolloutDevices.state, ["PENDING", ...IN_FLIGHT]),
        ),
      )
      .orderBy(asc(agentRolloutDevices.ring), asc(agentRolloutDevices.deviceId));
    if (open.length === 0) {
      await db
        .update(agentRollouts)
        .set({ state: "COMPLETED", currentRing: rings.length - 1, updatedAt: now })
        .where(eq(agentRollouts.id, row.id));
      return 0;
    }
    if (row.state !== "RUNNING") return 0;
    const online = (id: number) => channel?.isOnline(id) ?? false;
    // A ring starts once every earlier ring has nothing in flight and no reachable device waiting.
    let current = row.currentRing;
    while (
      current < rings.length - 1 &&
      !open.some((d) => d.ring <= current && (d.state !== "PENDING" || online(d.deviceId)))
    )
      current++;
    if (current !== row.currentRing)
      await db
        .update(agentRollouts)
        .set({ currentRing: current, updatedAt: now })
        .where(eq(agentRollouts.id, row.id));
    let slots = row.maxConcurrent - open.filter((d) => d.state !== "PENDING").length;
    if (slots <= 0 || !channel) return 0;
    const offered: number[] = [];
    for (const d of open) {
      if (slots <= 0) break;
      if (d.state !== "PENDING" || d.ring > current || !online(d.deviceId)) continue;
      const sent = channel.offer(d.deviceId, {
        type: "update-offer",
        rolloutId: row.id,
        version: row.version,
        healthSeconds: row.healthSeconds,
        bytesPerSecond: row.bytesPerSecond,
      });
      if (sent) {
        offered.push(d.deviceId);
        slots--;
      }
    }
    for (let i = 0; i < offered.length; i += 1000)
      await db
        .update(agentRolloutDevices)
        .set({ state: "OFFERED", offeredAt: now, reason: null, updatedAt: now })
        .where(
          and(
            eq(agentRolloutDevices.rolloutId, row.id),
            inArray(agentRolloutDevices.deviceId, offered.slice(i, i + 1000)),
          ),
        );
    return offered.length;
  }

  const service = {
    attachChannel(c: UpdateChannel) {
      channel = c;
    },

    async listReleases(): Promise<AgentRelease[]> {
      const rows = await db.select().from(agentReleases).orderBy(desc(agentReleases.id));
      return rows.map(releaseOf);
    },

    /** Publishes a build: stores the artifact, then signs new targets, snapshot and timestamp naming it. */
    async publish(input: PublishAgentReleaseRequest, editor: Editor): Promise<AgentRelease> {
      const bytes = Buffer.from(input.artifactBase64, "base64");
      if (bytes.length === 0)
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.validation.fieldInvalid",
          values: { field: "artifactBase64" },
        });
      const artifactName = artifactNameOf(input.version, input.platform, input.arch, input.kind);
      return serialized(async () => {
        const [clash] = await db
          .select({ id: agentReleases.id })
          .from(agentReleases)
          .where(
            and(
              eq(agentReleases.version, input.version),
              eq(agentReleases.platform, input.platform),
              eq(agentReleases.arch, input.arch),
            ),
          );
        if (clash)
          throw new AppError("E_VALIDATION", 409, {
            id: "errors.validation.fieldInvalid",
            values: { field: "version" },
          });
        fs.mkdirSync(options.releasesDir, { recursive: true });
        const file = path.join(options.releasesDir, artifactName);
        fs.writeFileSync(`${file}.tmp`, bytes, { mode: 0o644 });
        fs.renameSync(`${file}.tmp`, file);
        const [row] = await db
          .insert(agentReleases)
          .values({
            version: input.version,
            platform: input.platform,
            arch: input.arch,
            artifactName,
            length: bytes.length,
            sha256: nodeUpdateCrypto.sha256Hex(bytes),
            notes: input.notes ?? "",
            createdByUserId: editor.userId,
          })
          .returning();
        await signRelease();
        await audit(db, editor.request, {
          action: "agent_release.publish",
          targetType: "agent_release",
          targetId: row!.id,
          data: { version: row!.version, platform: row!.platform, arch: row!.arch, sha256: row!.sha256 },
        });
        return releaseOf(row!);
      });
    },

    /** What the agents' metadata endpoint answers: roots newer than the agent's, the newest of the rest, the bootstrap. */
    async metadata(trustedRootVersion: number | undefined) {
      await serialized(async () => {
        await ensureRoot();
        if (!(await latest("timestamp"))) await signRelease();
        await refreshTimestamp();
      });
      const roots = await db
        .select({ document: agentUpdateMetadata.document, version: agentUpdateMetadata.version })
        .from(agentUpdateMetadata)
        .where(eq(agentUpdateMetadata.role, "root"))
        .orderBy(asc(agentUpdateMetadata.version));
      const newest = roots.at(-1)!.document as Signed<RootMetadata>;
      return {
        roots:
          trustedRootVersion === undefined
            ? []
            : roots
                .filter((r) => r.version > trustedRootVersion)
                .map((r) => r.document as Signed<RootMetadata>),
        timestamp: (await latest<TimestampMetadata>("timestamp"))!,
        snapshot: (await latest<SnapshotMetadata>("snapshot"))!,
        targets: (await latest<TargetsMetadata>("targets"))!,
        bootstrap: { root: newest, signature: options.commandSign(bootstrapRootPayload(newest)) },
      };
    },

    /** The stored artifact for a target name (undefined when there is no such build). */
    async artifact(name: string): Promise<{ file: string; length: number } | undefined> {
      const [row] = await db.select().from(agentReleases).where(eq(agentReleases.artifactName, name));
      if (!row) return undefined;
      const file = path.join(options.releasesDir, row.artifactName);
      return fs.existsSync(file) ? { file, length: row.length } : undefined;
    },

    async listRollouts(): Promise<Rollout[]> {
      const rows = await db.select().from(agentRollouts).orderBy(desc(agentRollouts.id)).limit(50);
      return Promise.all(rows.map(rolloutOf));
    },

    async getRollout(id: number): Promise<Rollout> {
      return rolloutOf(await rolloutRow(id));
    },

    /**
     * Starts a rollout: places each device in the first ring that takes it (test devices,
     * organizations, or a share of the whole fleet in a stable per-rollout order). Devices that
     * already run the version count as installed.
     */
    async createRollout(input: CreateRolloutRequest, editor: Editor): Promise<Rollout> {
      const [release] = await db
        .select({ id: agentReleases.id })
        .from(agentReleases)
        .where(eq(agentReleases.version, input.version))
        .limit(1);
      if (!release)
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.validation.fieldInvalid",
          values: { field: "version" },
        });
      const fleet = await db
        .select({
          id: devices.id,
          organizationId: devices.organizationId,
          agentVersion: devices.agentVersion,
        })
        .from(devices)
        .where(and(isNull(devices.archivedAt), eq(devices.approvalStatus, "APPROVED")));
      const now = clock();
      // The rollout and its devices appear together: the engine never sees a rollout without its devices.
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(agentRollouts)
          .values({
            version: input.version,
            rings: input.rings,
            maxConcurrent: input.maxConcurrent ?? 500,
            healthSeconds: input.healthSeconds ?? 300,
            bytesPerSecond: input.bytesPerSecond ?? 0,
            createdByUserId: editor.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const placed = new Map<number, number>();
        const seed = `${made!.id}`;
        const ordered = [...fleet].sort((a, b) => (orderKey(seed, a.id) < orderKey(seed, b.id) ? -1 : 1));
        input.rings.forEach((ring, index) => {
          if (ring.kind === "devices") {
            const wanted = new Set(ring.deviceIds);
            for (const d of fleet) if (wanted.has(d.id) && !placed.has(d.id)) placed.set(d.id, index);
          } else if (ring.kind === "organizations") {
            const wanted = new Set(ring.organizationIds);
            for (const d of fleet)
              if (wanted.has(d.organizationId) && !placed.has(d.id)) placed.set(d.id, index);
          } else {
            // Percentages count the whole fleet: rings of 10 then 100 reach a tenth, then everyone.
            const upTo = Math.ceil((ring.percent / 100) * ordered.length);
            for (const d of ordered.slice(0, upTo)) if (!placed.has(d.id)) placed.set(d.id, index);
          }
        });
        const byId = new Map(fleet.map((d) => [d.id, d]));
        const values = [...placed].map(([deviceId, ring]) => {
          const d = byId.get(deviceId)!;
          const done = d.agentVersion === input.version;
          return {
            rolloutId: made!.id,
            deviceId,
            organizationId: d.organizationId,
            ring,
            state: done ? "INSTALLED" : "PENDING",
            updatedAt: now,
          };
        });
        for (let i = 0; i < values.length; i += 1000)
          await tx.insert(agentRolloutDevices).values(values.slice(i, i + 1000));
        return { ...made!, deviceCount: values.length };
      });
      await audit(db, editor.request, {
        action: "agent_rollout.create",
        targetType: "agent_rollout",
        targetId: row.id,
        data: {
          version: input.version,
          rings: input.rings.length,
          devices: row.deviceCount,
          maxConcurrent: row.maxConcurrent,
        },
      });
      await advance(await rolloutRow(row.id));
      return rolloutOf(await rolloutRow(row.id));
    },

    async setPaused(id: number, paused: boolean, editor: Editor): Promise<Rollout> {
      const row = await rolloutRow(id);
      if (row.state !== "COMPLETED") {
        await db
          .update(agentRollouts)
          .set({ state: paused ? "PAUSED" : "RUNNING", updatedAt: clock() })
          .where(eq(agentRollouts.id, id));
        await audit(db, editor.request, {
          action: paused ? "agent_rollout.pause" : "agent_rollout.resume",
          targetType: "agent_rollout",
          targetId: id,
          data: { version: row.version },
        });
        if (!paused) await advance(await rolloutRow(id));
      }
      return rolloutOf(await rolloutRow(id));
    },

    /** One rollout's devices as the caller's scope allows (another organization's rows are not there). */
    async rolloutDevices(
      id: number,
      query: { state?: string | undefined; page: number },
      scope: Scope,
    ): Promise<{
      items: {
        deviceId: number;
        deviceName: string;
        organizationId: number;
        ring: number;
        state: RolloutDeviceState;
        reason: string | null;
        updatedAt: string;
      }[];
      total: number;
    }> {
      await rolloutRow(id);
      const where = and(
        eq(agentRolloutDevices.rolloutId, id),
        inScope(scope, agentRolloutDevices.organizationId),
        query.state ? eq(agentRolloutDevices.state, query.state) : undefined,
      );
      const pageSize = 100;
      const rows = await db
        .select({
          deviceId: agentRolloutDevices.deviceId,
          deviceName: sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`,
          organizationId: agentRolloutDevices.organizationId,
          ring: agentRolloutDevices.ring,
          state: agentRolloutDevices.state,
          reason: agentRolloutDevices.reason,
          updatedAt: agentRolloutDevices.updatedAt,
        })
        .from(agentRolloutDevices)
        .innerJoin(devices, eq(devices.id, agentRolloutDevices.deviceId))
        .where(where)
        .orderBy(asc(agentRolloutDevices.ring), asc(agentRolloutDevices.deviceId))
        .limit(pageSize)
        .offset((query.page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(agentRolloutDevices).where(where);
      return {
        items: rows.map((r) => ({
          ...r,
          state: r.state as RolloutDeviceState,
          updatedAt: r.updatedAt.toISOString(),
        })),
        total: Number(total?.n ?? 0),
      };
    },

    /** A device said hello with its version: an update it was offered counts as installed. */
    async onHello(deviceId: number, agentVersion: string): Promise<void> {
      const rows = await db
        .select({ rolloutId: agentRolloutDevices.rolloutId, version: agentRollouts.version })
        .from(agentRolloutDevices)
        .innerJoin(agentRollouts, eq(agentRollouts.id, agentRolloutDevices.rolloutId))
        .where(
          and(
            eq(agentRolloutDevices.deviceId, deviceId),
            inArray(agentRolloutDevices.state, ["PENDING", ...IN_FLIGHT]),
          ),
        );
      for (const r of rows)
        if (r.version === agentVersion)
          await db
            .update(agentRolloutDevices)
            .set({ state: "INSTALLED", reason: null, updatedAt: clock() })
            .where(
              and(eq(agentRolloutDevices.rolloutId, r.rolloutId), eq(agentRolloutDevices.deviceId, deviceId)),
            );
    },

    /** An agent's report on an offered update. */
    async onStatus(deviceId: number, message: proto.UpdateStatusMessage): Promise<void> {
      if (message.rolloutId === undefined) return;
      const state = {
        downloading: "DOWNLOADING",
        installed: "INSTALLED",
        failed: "FAILED",
        "rolled-back": "ROLLED_BACK",
      }[message.status];
      await db
        .update(agentRolloutDevices)
        .set({ state, reason: message.reason ?? null, updatedAt: clock() })
        .where(
          and(
            eq(agentRolloutDevices.rolloutId, message.rolloutId),
            eq(agentRolloutDevices.deviceId, deviceId),
            // A device reports only on the rollout it is part of; finished rows change only by a rollback.
            message.status === "rolled-back"
              ? undefined
              : inArray(agentRolloutDevices.state, ["PENDING", ...IN_FLIGHT]),
          ),
        );
    },

    /** One pass of the rollout engine over every running rollout; returns how many offers went out. */
    async tick(): Promise<number> {
      const rows = await db
        .select()
        .from(agentRollouts)
        .where(inArray(agentRollouts.state, ["RUNNING", "PAUSED"]));
      let offered = 0;
      for (const r of rows) offered += await advance(r);
      return offered;
    },

    refreshTimestamp: () => serialized(refreshTimestamp),
  };
  return service;
}

export type AgentUpdatesService = ReturnType<typeof createAgentUpdatesService>;
