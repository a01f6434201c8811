import type { agent, DeviceMetrics, MetricRange, MetricResolution } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
import { createMetricsIngest, type IngestOptions } from "./metrics.ingest.js";
import { presentRaw, presentRollups } from "./metrics.presenter.js";
import type { MetricsRepository } from "./metrics.repository.js";
import { startRollupJob } from "./metrics.rollup.js";

const HOUR_MS = 60 * 60 * 1000;

/** How far each chart range reaches back, and which store answers it. */
export const RANGE_PLAN: Record<MetricRange, { ms: number; resolution: MetricResolution }> = {
  "1h": { ms: HOUR_MS, resolution: "raw" },
  "24h": { ms: 24 * HOUR_MS, resolution: "5m" },
  "7d": { ms: 7 * 24 * HOUR_MS, resolution: "1h" },
  "30d": { ms: 30 * 24 * HOUR_MS, resolution: "1h" },
};

export interface MetricsServiceDeps {
  repo: MetricsRepository;
  clock?: () => Date;
  ingest?: Omit<IngestOptions, "repo" | "clock">;
}

/** Metric history: samples in from agents, charts out to the console, rollups in between. */
export function createMetricsService(deps: MetricsServiceDeps) {
  const { repo } = deps;
  const clock = deps.clock ?? (() => new Date());
  const ingest = createMetricsIngest({ repo, clock, ...deps.ingest });
  return {
    /** A checked metrics message of an authenticated device (the agent gateway calls this). */
    accept: (deviceId: number, organizationId: number, message: agent.MetricsMessage) =>
      ingest.accept(deviceId, organizationId, message),
    flush: ingest.flush,
    acceptedCount: ingest.acceptedCount,

    /** A device's charts over a range; a device outside the scope answers like a missing one. */
    async forDevice(scope: Scope, deviceId: number, range: MetricRange): Promise<DeviceMetrics> {
      if ((await repo.deviceOrganization(scope, deviceId)) === undefined)
        throw new AppError("E_DEVICE_NOT_FOUND", 404);
      const plan = RANGE_PLAN[range];
      const from = new Date(clock().getTime() - plan.ms);
      if (plan.resolution === "raw") return presentRaw(range, await repo.raw(deviceId, from));
      const bucket = plan.resolution === "5m" ? 300 : 3600;
      // The bucket that holds `from` is drawn too, so the chart starts at the range's edge.
      const rows = await repo.rollups(deviceId, bucket, new Date(from.getTime() - bucket * 1000));
      return presentRollups(range, plan.resolution, rows);
    },

    /** Starts the rollup and retention job on this node. */
    startRollups: (options: { intervalMs?: number; onError?: (err: unknown) => void } = {}) =>
      startRollupJob(repo, { clock, ...options }),

    close: ingest.close,
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
