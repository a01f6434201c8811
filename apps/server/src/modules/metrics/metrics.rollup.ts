import type { MetricsRepository } from "./metrics.repository.js";
import { RAW_RETENTION_MS } from "./metrics.ingest.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const FIVE_MINUTE_RETENTION_MS = 30 * DAY;
export const HOURLY_RETENTION_MS = 365 * DAY;
/** 5-minute buckets are recomputed this long after they end (samples arriving a little late count). */
const FIVE_MINUTE_LOOKBACK_MS = 15 * MINUTE;
/** Hours are recomputed this long after they end (their last 5-minute buckets may still change). */
const HOURLY_LOOKBACK_MS = 2 * HOUR;
/** After a (re)start the job does not know what was missed: it looks back this far once. */
const FIRST_FIVE_MINUTE_LOOKBACK_MS = RAW_RETENTION_MS;
const FIRST_HOURLY_LOOKBACK_MS = 2 * DAY;
/** Backlogged devices taken per transaction. */
const PENDING_BATCH = 500;

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;

export interface RollupPass {
  /** Rows of the first rollup layout carried over into the packs (the first pass only). */
  carriedOver: number;
  fiveMinutes: boolean;
  hours: boolean;
  pendingDevices: number;
  pruned: number;
}

/**
 * The rollup and retention job. Each pass, for buckets that have ended: 5-minute rollups of the
 * recent raw samples, hourly rollups of the recent 5-minute ones, catch-up rollups for devices
 * that sent a backlog, and deletion of what is past its retention (raw 24 h, 5-minute 30 days,
 * hourly a year). The first pass after a start also carries rollups of the first storage layout
 * over (once: they are deleted there as they move). Every rollup recomputes whole buckets from their source, so a pass may repeat
 * or run on several nodes at once with the same result.
 */
export function createRollupJob(repo: MetricsRepository, clock: () => Date = () => new Date()) {
  let lastFiveEnd: number | undefined;
  let lastHourEnd: number | undefined;

  return {
    async tick(): Promise<RollupPass> {
      const now = clock().getTime();
      const fiveEnd = floorTo(now, 5 * MINUTE);
      const hourEnd = floorTo(now, HOUR);
      const pass: RollupPass = {
        carriedOver: 0,
        fiveMinutes: false,
        hours: false,
        pendingDevices: 0,
        pruned: 0,
      };
      // Once per start, before anything is rolled up: rows of the first layout move into the packs.
      if (lastFiveEnd === undefined) pass.carriedOver = await repo.carryOverLegacyRollups();
      if (lastFiveEnd === undefined || fiveEnd > lastFiveEnd) {
        const lookback = lastFiveEnd === undefined ? FIRST_FIVE_MINUTE_LOOKBACK_MS : FIVE_MINUTE_LOOKBACK_MS;
        await repo.rollupFiveMinutes({ from: new Date(fiveEnd - lookback), to: new Date(fiveEnd) });
        lastFiveEnd = fiveEnd;
        pass.fiveMinutes = true;
      }
      if (lastHourEnd === undefined || hourEnd > lastHourEnd) {
        const lookback = lastHourEnd === undefined ? FIRST_HOURLY_LOOKBACK_MS : HOURLY_LOOKBACK_MS;
        await repo.rollupHours({ from: new Date(hourEnd - lookback), to: new Date(hourEnd) });
        lastHourEnd = hourEnd;
        pass.hours = true;
      }
      for (;;) {
        const taken = await repo.transaction(async (tx) => {
          const pending = await repo.takePending(tx, PENDING_BATCH);
          if (pending.length === 0) return 0;
          await repo.rollupFiveMinutes({ pending, to: new Date(fiveEnd) }, tx);
          await repo.rollupHours({ pending, to: new Date(hourEnd) }, tx);
          return pending.length;
        });
        pass.pendingDevices += taken;
        if (taken < PENDING_BATCH) break;
      }
      if (pass.fiveMinutes) {
        pass.pruned = await repo.prune({
          raw: new Date(now - RAW_RETENTION_MS),
          fiveMinutes: new Date(now - FIVE_MINUTE_RETENTION_MS),
          hours: new Date(now - HOURLY_RETENTION_MS),
        });
      }
      return pass;
    },
  };
}

export interface RunningRollupJob {
  tick(): Promise<RollupPass>;
  stop(): Promise<void>;
}

/** Runs the job every `intervalMs` (default a minute) until stopped. */
export function startRollupJob(
  repo: MetricsRepository,
  options: { intervalMs?: number; clock?: () => Date; onError?: (err: unknown) => void } = {},
): RunningRollupJob {
  const job = createRollupJob(repo, options.clock);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  const loop = () => {
    pass = job
      .tick()
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, options.intervalMs ?? MINUTE);
        timer.unref();
      });
  };
  loop();
  return {
    tick: job.tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await pass;
    },
  };
}
