import {
  createTaskRunner,
  type FiredRun,
  type TaskRunnerDeps,
  type TaskRunnerOptions,
} from "./scheduled-tasks.runner.js";

export interface SchedulerOptions extends TaskRunnerOptions {
  /** Pause between passes (default 10 s: minute-precision schedules fire within seconds). */
  intervalMs?: number;
  /** Tasks claimed per transaction (default 25). */
  batchSize?: number;
}

/** Batches per pass at most, so that one pass cannot run forever. */
const MAX_BATCHES_PER_PASS = 200;

/** One scheduler instance: `tick()` fires everything due now, a batch per transaction. */
export function createScheduler(deps: TaskRunnerDeps, options: SchedulerOptions = {}) {
  const runner = createTaskRunner(deps, options);
  const batchSize = options.batchSize ?? 25;
  return {
    async tick(): Promise<FiredRun[]> {
      const all: FiredRun[] = [];
      for (let i = 0; i < MAX_BATCHES_PER_PASS; i += 1) {
        const fired = await runner.fireDue({ limit: batchSize });
        all.push(...fired);
        if (fired.length < batchSize) break;
      }
      return all;
    },
  };
}

export interface RunningScheduler {
  /** Fires what is due now (also what the loop calls). */
  tick(): Promise<FiredRun[]>;
  /** Stops the loop and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the background loop on this server node. Every node may run one: claims use
 * FOR UPDATE SKIP LOCKED, so each run fires exactly once.
 */
export function startScheduler(deps: TaskRunnerDeps, options: SchedulerOptions = {}): RunningScheduler {
  const scheduler = createScheduler(deps, options);
  const intervalMs = options.intervalMs ?? 10_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();

  const loop = () => {
    pass = scheduler
      .tick()
      .catch((error: unknown) => options.logger?.error({ err: error }, "scheduler pass failed"))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, intervalMs);
        timer.unref();
      });
  };
  loop();

  return {
    tick: scheduler.tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await pass;
    },
  };
}
