import fs from "node:fs";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type {
  AgentRelease,
  CreateRolloutRequest,
  PublishAgentReleaseRequest,
  Rollout,
  RolloutDeviceState,
  agent as proto,
} from "@steward/contracts";
import {
  bootstrapRootPayload,
  type RootMetadata,
  type Signed,
  type SnapshotMetadata,
  type TargetsMetadata,
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
import { deviceAgentReport, recordSelfReport, recordUpdateResult } from "./agent-reports.js";
import { createRolloutEngine, IN_FLIGHT, placeInRings, type UpdateChannel } from "./rollout-engine.js";
import { createMetadataSigner } from "./update-metadata.js";
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

export type { UpdateChannel } from "./rollout-engine.js";

function artifactNameOf(version: string, platform: string, arch: string, kind: "bundle" | "binary"): string {
  const ext = kind === "bundle" ? ".mjs" : platform === "win32" ? ".exe" : "";
  return `steward-agent-${version}-${platform}-${arch}${ext}`;
}

export function createAgentUpdatesService(options: AgentUpdatesOptions) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  let channel: UpdateChannel | undefined;
  const signer = createMetadataSigner({
    db,
    keys: options.keys,
    clock,
    metadataDays: options.metadataDays ?? 365,
    timestampDays: options.timestampDays ?? 7,
  });
  const { latest, ensureRoot, signRelease, refreshTimestamp, serialized } = signer;
  const { rolloutOf, rolloutRow, advance } = createRolloutEngine({
    db,
    clock,
    graceMs: (options.offerGraceSeconds ?? 600) * 1000,
    channel: () => channel,
  });

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
        const placed = placeInRings(fleet, input.rings, `${made!.id}`);
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

    /**
     * A device said hello with its version and its report about itself: the report is kept, and
     * an update it was offered counts as installed.
     */
    async onHello(deviceId: number, agentVersion: string, self?: proto.AgentSelfReport): Promise<void> {
      await recordSelfReport(db, deviceId, self, clock());
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
      await recordUpdateResult(db, deviceId, message, clock());
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

    /** What a device's agent last said about itself and how its last update went. */
    agentReport: (deviceId: number, scope: Scope) => deviceAgentReport(db, deviceId, scope),

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
