import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, lt } from "drizzle-orm";
import type { CreateRolloutRequest, Rollout, RolloutRing, agent as proto } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { agentRolloutDevices, agentRollouts } from "./agent-updates.tables.js";

/** How the rollout engine reaches agents (the agent gateway of this node). */
export interface UpdateChannel {
  isOnline(deviceId: number): boolean;
  offer(deviceId: number, message: proto.UpdateOfferMessage): boolean;
}

/** Device states of a rollout that count as updating now. */
export const IN_FLIGHT = ["OFFERED", "DOWNLOADING"] as const;

/** A device's stable place in a rollout's percentage order. */
function orderKey(rolloutSeed: string, deviceId: number): string {
  return createHash("sha256").update(`${rolloutSeed}:${deviceId}`).digest("hex");
}

/**
 * Places each device in the first ring that takes it: test devices, organizations, or a share of
 * the whole fleet in a stable per-rollout order. Returns device id → ring index.
 */
export function placeInRings(
  fleet: readonly { id: number; organizationId: number }[],
  rings: CreateRolloutRequest["rings"],
  seed: string,
): Map<number, number> {
  const placed = new Map<number, number>();
  const ordered = [...fleet].sort((a, b) => (orderKey(seed, a.id) < orderKey(seed, b.id) ? -1 : 1));
  rings.forEach((ring, index) => {
    if (ring.kind === "devices") {
      const wanted = new Set(ring.deviceIds);
      for (const d of fleet) if (wanted.has(d.id) && !placed.has(d.id)) placed.set(d.id, index);
    } else if (ring.kind === "organizations") {
      const wanted = new Set(ring.organizationIds);
      for (const d of fleet) if (wanted.has(d.organizationId) && !placed.has(d.id)) placed.set(d.id, index);
    } else {
      // Percentages count the whole fleet: rings of 10 then 100 reach a tenth, then everyone.
      const upTo = Math.ceil((ring.percent / 100) * ordered.length);
      for (const d of ordered.slice(0, upTo)) if (!placed.has(d.id)) placed.set(d.id, index);
    }
  });
  return placed;
}

export interface RolloutEngineOptions {
  db: Db;
  clock: () => Date;
  /** An offered device with no report after its health time plus this long (ms) counts as failed. */
  graceMs: number;
  /** The channel to the agents, once the gateway attached it. */
  channel(): UpdateChannel | undefined;
}

/** Reads rollouts with their per-ring progress and moves their devices on. */
export function createRolloutEngine(options: RolloutEngineOptions) {
  const { db, clock } = options;
  const grace = options.graceMs;

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
    const online = (id: number) => options.channel()?.isOnline(id) ?? false;
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
    const channel = options.channel();
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

  return { rolloutOf, rolloutRow, advance };
}
