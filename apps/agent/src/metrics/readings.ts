import os from "node:os";

/** Cumulative processor time: busy and total, in the same unit (clock ticks or ms). */
export interface CpuTimes {
  busy: number;
  total: number;
}
/** Cumulative bytes received and sent since boot, all interfaces together. */
export interface NetTotals {
  rx: number;
  tx: number;
}

/** The machine-wide line of /proc/stat: idle and I/O wait are not busy; the rest is. */
export function parseProcStat(text: string): CpuTimes | undefined {
  const line = text.split("\n").find((l) => /^cpu\s/.test(l));
  if (!line) return undefined;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Sums of /proc/net/dev over every interface except loopback. */
export function parseProcNetDev(text: string): NetTotals {
  let rx = 0;
  let tx = 0;
  for (const line of text.split("\n").slice(2)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    if (name === "lo") continue;
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    // Receive: bytes packets errs drop fifo frame compressed multicast; then transmit: bytes …
    if (Number.isFinite(fields[0]) && Number.isFinite(fields[8])) {
      rx += fields[0]!;
      tx += fields[8]!;
    }
  }
  return { rx, tx };
}

/** Used and total memory from /proc/meminfo: used is what is not available to new programs. */
export function parseMemInfo(text: string): { usedBytes: number; totalBytes: number } | undefined {
  const kib = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, "m").exec(text);
    return m ? Number(m[1]) * 1024 : undefined;
  };
  const total = kib("MemTotal");
  const available = kib("MemAvailable") ?? kib("MemFree");
  if (total === undefined || available === undefined) return undefined;
  return { usedBytes: Math.max(0, total - available), totalBytes: total };
}

/** Processor times summed over every core, from Node (Windows, macOS and the rest). */
export function cpuTimesFromOs(cpus: os.CpuInfo[] = os.cpus()): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** Percent busy between two readings (0 when the counters did not move or went back). */
export function cpuPercent(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  const busy = after.busy - before.busy;
  if (total <= 0 || busy < 0) return 0;
  return Math.min(100, Math.max(0, (busy / total) * 100));
}

/** Bytes per second between two readings; a counter that went back (reset, interface gone) reads 0. */
export function rate(before: number, after: number, seconds: number): number {
  if (seconds <= 0 || after < before) return 0;
  return (after - before) / seconds;
}
