import fs from "node:fs";
import os from "node:os";
import si from "systeminformation";
import { agent as proto } from "@steward/contracts";
import { MetricBuffer } from "./buffer.js";
import {
  cpuPercent,
  cpuTimesFromOs,
  parseMemInfo,
  parseProcNetDev,
  parseProcStat,
  rate,
  type CpuTimes,
  type NetTotals,
} from "./readings.js";

const read = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};

function cpuTimes(): CpuTimes {
  if (process.platform === "linux") {
    const parsed = parseProcStat(read("/proc/stat") ?? "");
    if (parsed) return parsed;
  }
  return cpuTimesFromOs();
}

async function netTotals(): Promise<NetTotals> {
  if (process.platform === "linux") {
    const text = read("/proc/net/dev");
    if (text) return parseProcNetDev(text);
  }
  const stats = await si.networkStats("*").catch(() => []);
  return stats
    .filter((s) => !/^(lo|lo0|Loopback)/i.test(s.iface))
    .reduce((t, s) => ({ rx: t.rx + (s.rx_bytes || 0), tx: t.tx + (s.tx_bytes || 0) }), { rx: 0, tx: 0 });
}

function memory(): { usedBytes: number; totalBytes: number } {
  if (process.platform === "linux") {
    const parsed = parseMemInfo(read("/proc/meminfo") ?? "");
    if (parsed) return parsed;
  }
  const total = os.totalmem();
  return { usedBytes: Math.max(0, total - os.freemem()), totalBytes: total };
}

/** Used and total bytes of each mount point (statfs: no child process per sample). */
async function disks(mounts: readonly string[]): Promise<proto.MetricDisk[]> {
  const out: proto.MetricDisk[] = [];
  for (const mount of mounts.slice(0, proto.MAX_METRIC_DISKS)) {
    try {
      const s = await fs.promises.statfs(mount);
      const total = s.blocks * s.bsize;
      if (total <= 0) continue;
      out.push({ mount, totalBytes: total, usedBytes: Math.min(total, (s.blocks - s.bfree) * s.bsize) });
    } catch {
      // Unmounted since the inventory listed it, or not readable: left out of this sample.
    }
  }
  return out;
}

export interface MetricsCollectorOptions {
  /** Seconds between samples. */
  intervalSeconds: number;
  /** Sends a message; false when offline (the samples wait in the buffer). */
  send(message: proto.MetricsMessage): boolean;
  log?(message: string): void;
}

/**
 * Samples CPU, memory, disks and network every interval and sends them; while the server is
 * unreachable the samples wait in a bounded buffer and go out on the next connection.
 */
export class MetricsCollector {
  private readonly buffer = new MetricBuffer();
  private mounts: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: { at: number; cpu: CpuTimes; net: NetTotals } | undefined;
  private seconds: number;

  constructor(private readonly options: MetricsCollectorOptions) {
    this.seconds = options.intervalSeconds;
  }

  /** Seconds between samples now (the policy's metric interval once one is applied). */
  get intervalSeconds(): number {
    return this.seconds;
  }

  /** Samples at a new interval from now on (a running collector restarts its timer). */
  setIntervalSeconds(seconds: number): void {
    if (!(seconds > 0) || seconds === this.seconds) return;
    this.seconds = seconds;
    if (this.timer !== undefined) this.schedule();
  }

  private schedule(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      void this.sample().catch((err: unknown) =>
        this.options.log?.(`metrics failed: ${(err as Error).message}`),
      );
    }, this.seconds * 1000);
  }

  /** The filesystems to sample: the mount points the inventory reports. */
  setMounts(mounts: readonly string[]): void {
    this.mounts = [...new Set(mounts)];
  }

  async start(): Promise<void> {
    // The first reading only sets the baseline: rates need two.
    this.last = { at: Date.now(), cpu: cpuTimes(), net: await netTotals() };
    this.schedule();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Takes one sample now (against the previous reading) and tries to send what is buffered. */
  async sample(): Promise<proto.MetricSample | undefined> {
    const at = Date.now();
    const cpu = cpuTimes();
    const net = await netTotals();
    const previous = this.last;
    this.last = { at, cpu, net };
    if (!previous) return undefined;
    const seconds = (at - previous.at) / 1000;
    const sample: proto.MetricSample = {
      at,
      cpuPercent: cpuPercent(previous.cpu, cpu),
      memory: memory(),
      disks: await disks(this.mounts),
      network: {
        inBytesPerSecond: Math.min(1e12, rate(previous.net.rx, net.rx, seconds)),
        outBytesPerSecond: Math.min(1e12, rate(previous.net.tx, net.tx, seconds)),
      },
    };
    this.buffer.push(sample);
    this.flush();
    return sample;
  }

  /** Sends the buffered samples (called after each sample and when the connection comes back). */
  flush(): void {
    this.buffer.drain((message) => this.options.send(message));
  }

  get buffered(): number {
    return this.buffer.size;
  }
}
