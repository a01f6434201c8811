import { agent as proto } from "@steward/contracts";

/**
 * Turns the engine's running counts into progress lines (bytes, files, rate, time left) at most
 * once per interval; the rate is the average since the start.
 */
export function progressReporter(
  emit: (line: string) => void,
  options: { totalBytes: number | null; intervalMs?: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 1000;
  const started = now();
  let last = -Infinity;
  let lastLine = "";
  const line = (files: number, bytes: number): string => {
    const seconds = Math.max((now() - started) / 1000, 0.001);
    const bytesPerSecond = bytes / seconds;
    const total = options.totalBytes;
    const etaSeconds =
      total === null || bytesPerSecond <= 0
        ? null
        : Math.max(0, Math.round((total - bytes) / bytesPerSecond));
    const progress: proto.BackupProgress = {
      files,
      bytes,
      totalBytes: total,
      bytesPerSecond: Math.round(bytesPerSecond),
      etaSeconds,
    };
    return `${proto.BACKUP_PROGRESS_MARKER}${JSON.stringify(progress)}\n`;
  };
  return {
    /** Reports when the interval has passed since the last report. */
    update(files: number, bytes: number) {
      if (now() - last < interval) return;
      last = now();
      lastLine = line(files, bytes);
      emit(lastLine);
    },
    /** Reports the final counts. */
    done(files: number, bytes: number) {
      lastLine = line(files, bytes);
      emit(lastLine);
    },
    /** The last report: the job result's output keeps it, as the result replaces what streamed. */
    lastLine: () => lastLine,
  };
}
