import type { agent } from "@steward/contracts";
import type { MetricsRepository, SampleRow } from "./metrics.repository.js";
import type { StoredDisk } from "./metrics.tables.js";

/** Raw samples are kept this long; older ones are not stored at all. */
export const RAW_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A sample this much later than now (after the clock correction) is refused. */
const FUTURE_TOLERANCE_MS = 60_000;
/** Clocks further apart than this are corrected: the samples move by the difference. */
const CLOCK_SKEW_TOLERANCE_MS = 5_000;
/** Samples older than this go past the rollup job's usual look-back: the device is marked for a catch-up. */
export const LATE_SAMPLE_MS = 10 * 60 * 1000;

export interface IngestOptions {
  repo: MetricsRepository;
  clock?: () => Date;
  /** How often buffered samples are written (ms); many devices' samples go in one INSERT. */
  flushMs?: number;
  /** Buffered rows that make the next accept write at once (and wait for it). */
  maxBuffered?: number;
  onError?(err: unknown): void;
}

/**
 * Turns one agent's metrics message into rows: times moved onto the server's clock when the
 * agent's differs, samples outside [now - retention, now + tolerance] dropped, used sizes never
 * above their totals, one entry per filesystem.
 */
export function samplesToRows(
  deviceId: number,
  organizationId: number,
  message: agent.MetricsMessage,
  now: number,
): SampleRow[] {
  const skew = now - message.sentAt;
  const shift = Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? skew : 0;
  const rows: SampleRow[] = [];
  const seen = new Set<number>();
  for (const sample of message.samples) {
    const at = sample.at + shift;
    if (at > now + FUTURE_TOLERANCE_MS || at < now - RAW_RETENTION_MS || seen.has(at)) continue;
    seen.add(at);
    const disks: StoredDisk[] = [];
    const mounts = new Set<string>();
    for (const d of sample.disks) {
      if (mounts.has(d.mount)) continue;
      mounts.add(d.mount);
      disks.push({ m: d.mount, u: Math.min(d.usedBytes, d.totalBytes), t: d.totalBytes });
    }
    rows.push({
      deviceId,
      organizationId,
      at: new Date(at),
      cpuPercent: sample.cpuPercent,
      memoryUsedBytes: Math.min(sample.memory.usedBytes, sample.memory.totalBytes),
      memoryTotalBytes: sample.memory.totalBytes,
      networkInBps: sample.network.inBytesPerSecond,
      networkOutBps: sample.network.outBytesPerSecond,
      disks,
    });
  }
  return rows;
}

/**
 * Buffers accepted samples and writes them every `flushMs` in one statement for all devices
 * (a fleet sends hundreds of small messages a second). A full buffer is written at once and the
 * sender waits for it, which slows a flood down to the database's pace.
 */
export function createMetricsIngest(options: IngestOptions) {
  const { repo } = options;
  const clock = options.clock ?? (() => new Date());
  const maxBuffered = options.maxBuffered ?? 20_000;
  let buffer: SampleRow[] = [];
  let late = new Map<number, Date>();
  let writing: Promise<void> = Promise.resolve();
  let accepted = 0;

  const flush = (): Promise<void> => {
    const rows = buffer;
    const pending = late;
    buffer = [];
    late = new Map();
    if (rows.length === 0 && pending.size === 0) return writing;
    writing = writing
      .then(async () => {
        await repo.insertSamples(rows);
        await repo.markPending([...pending].map(([deviceId, since]) => ({ deviceId, since })));
      })
      .catch((err: unknown) => options.onError?.(err));
    return writing;
  };

  const timer = setInterval(() => void flush(), options.flushMs ?? 1000);
  timer.unref();

  return {
    /** Takes a checked message of an authenticated device; the number of samples kept. */
    async accept(deviceId: number, organizationId: number, message: agent.MetricsMessage): Promise<number> {
      const now = clock().getTime();
      const rows = samplesToRows(deviceId, organizationId, message, now);
      if (rows.length === 0) return 0;
      buffer.push(...rows);
      accepted += rows.length;
      const earliest = rows.reduce((min, r) => (r.at < min ? r.at : min), rows[0]!.at);
      if (earliest.getTime() < now - LATE_SAMPLE_MS) {
        const known = late.get(deviceId);
        if (!known || earliest < known) late.set(deviceId, earliest);
      }
      if (buffer.length >= maxBuffered) await flush();
      return rows.length;
    },
    /** Writes what is buffered now; resolves once written. */
    flush,
    /** Samples accepted since the start (benchmarks). */
    acceptedCount: () => accepted,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type MetricsIngest = ReturnType<typeof createMetricsIngest>;
