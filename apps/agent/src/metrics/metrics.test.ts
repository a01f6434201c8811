import { describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { MetricBuffer } from "./buffer.js";
import { MetricsCollector } from "./collector.js";
import {
  cpuPercent,
  cpuTimesFromOs,
  parseMemInfo,
  parseProcNetDev,
  parseProcStat,
  rate,
} from "./readings.js";

// Recorded from a Linux machine (two readings of /proc/stat a minute apart).
const STAT_BEFORE = `cpu  4705 356 584 3699176 23060 0 277 0 0 0
cpu0 1393 280 320 924550 6131 0 232 0 0 0
intr 114930548 113199788 3 0 5 263 0 4 [...]
ctxt 1990473`;
const STAT_AFTER = `cpu  5605 356 684 3700076 23160 0 277 0 0 0
cpu0 1693 280 350 924750 6150 0 232 0 0 0`;
const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 9876543   12345    0    0    0     0          0         0  9876543   12345    0    0    0     0       0          0
  eth0: 1000000    2000    0    0    0     0          0         0   250000    1500    0    0    0     0       0          0
 wlan0:    5000      20    0    0    0     0          0         0     1000      10    0    0    0     0       0          0`;
const MEMINFO = `MemTotal:        8048576 kB
MemFree:          512000 kB
MemAvailable:    6048576 kB
Buffers:          100000 kB`;

const sample = (at: number): proto.MetricSample => ({
  at,
  cpuPercent: 1,
  memory: { usedBytes: 1, totalBytes: 2 },
  disks: [],
  network: { inBytesPerSecond: 0, outBytesPerSecond: 0 },
});

describe("readings", () => {
  it("reads CPU busy share from /proc/stat: idle and I/O wait are not busy", () => {
    const before = parseProcStat(STAT_BEFORE)!;
    const after = parseProcStat(STAT_AFTER)!;
    // Between the readings: user +900, system +100, idle +900, iowait +100 → 1000 busy of 2000.
    expect(cpuPercent(before, after)).toBe(50);
    expect(parseProcStat("intr 1 2 3")).toBeUndefined();
  });

  it("reads CPU busy share from Node's per-core times", () => {
    const core = (user: number, idle: number) => ({
      model: "x",
      speed: 1,
      times: { user, nice: 0, sys: 0, idle, irq: 0 },
    });
    const before = cpuTimesFromOs([core(100, 900), core(100, 900)]);
    const after = cpuTimesFromOs([core(400, 1000), core(100, 1200)]);
    // Busy +300 (user) of +700 in total (user +300, idle +100 and +300).
    expect(cpuPercent(before, after)).toBeCloseTo(300 / 7, 10);
    // Counters that went back (a restart) give 0, never a negative share.
    expect(cpuPercent(after, before)).toBe(0);
  });

  it("sums network bytes over every interface but loopback", () => {
    expect(parseProcNetDev(NET_DEV)).toEqual({ rx: 1_005_000, tx: 251_000 });
    expect(rate(1_000, 61_000, 60)).toBe(1000);
    expect(rate(61_000, 1_000, 60)).toBe(0);
  });

  it("counts memory in use as what is not available to new programs", () => {
    expect(parseMemInfo(MEMINFO)).toEqual({ usedBytes: 2_000_000 * 1024, totalBytes: 8_048_576 * 1024 });
    expect(parseMemInfo("Buffers: 1 kB")).toBeUndefined();
  });
});

describe("the buffer while the server is unreachable", () => {
  it("keeps samples while offline, drops the oldest past its bound, and sends them in protocol-sized messages", () => {
    const buffer = new MetricBuffer(300);
    for (let i = 0; i < 350; i++) buffer.push(sample(i));
    expect(buffer.size).toBe(300);
    expect(buffer.drain(() => false)).toBe(0);
    expect(buffer.size).toBe(300);

    const messages: proto.MetricsMessage[] = [];
    expect(
      buffer.drain(
        (m) => (messages.push(m), true),
        () => 5000,
      ),
    ).toBe(300);
    expect(buffer.size).toBe(0);
    expect(messages.map((m) => m.samples.length)).toEqual([120, 120, 60]);
    // The 50 oldest went; the rest go out in order.
    expect(messages[0]!.samples[0]!.at).toBe(50);
    expect(messages.at(-1)!.samples.at(-1)!.at).toBe(349);
    for (const m of messages) expect(proto.metricsMessage.safeParse(m).success).toBe(true);
  });

  it("stops at the first refused send and keeps the rest for the next connection", () => {
    const buffer = new MetricBuffer();
    for (let i = 0; i < 200; i++) buffer.push(sample(i));
    let allowed = 1;
    expect(buffer.drain(() => allowed-- > 0)).toBe(120);
    expect(buffer.size).toBe(80);
  });
});

describe("the collector on this machine", () => {
  it("samples CPU, memory, the inventory's filesystems and network into a valid message", async () => {
    const sent: proto.MetricsMessage[] = [];
    let online = false;
    const collector = new MetricsCollector({
      intervalSeconds: 3600,
      send: (m) => online && sent.push(m) > 0,
    });
    collector.setMounts(["/", "/definitely/not/mounted"]);
    await collector.start();
    collector.stop();
    await new Promise((r) => setTimeout(r, 50));
    const first = await collector.sample();
    expect(first).toBeDefined();
    expect(first!.disks.map((d) => d.mount)).toEqual(["/"]);
    expect(first!.disks[0]!.usedBytes).toBeLessThanOrEqual(first!.disks[0]!.totalBytes);
    expect(first!.memory.totalBytes).toBeGreaterThan(0);
    expect(first!.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(first!.cpuPercent).toBeLessThanOrEqual(100);
    // Offline: kept; back online: sent in one message that the server's contract accepts.
    expect(sent).toEqual([]);
    expect(collector.buffered).toBe(1);
    await collector.sample();
    online = true;
    collector.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.samples).toHaveLength(2);
    expect(proto.agentToServer.safeParse(sent[0]).success).toBe(true);
    expect(collector.buffered).toBe(0);
  });
});
