import type { agent } from "@steward/contracts";

/** A plausible sample of a simulated device at `at`: load that wanders, disks as its inventory says. */
export function simulatedMetricSample(
  inventory: agent.Inventory,
  rand: () => number,
  at: number,
): agent.MetricSample {
  const total = inventory.memory.totalBytes || 8 * 1024 ** 3;
  return {
    at,
    cpuPercent: Math.round(rand() * 1000) / 10,
    memory: { usedBytes: Math.floor(total * (0.3 + rand() * 0.6)), totalBytes: total },
    disks: inventory.volumes.slice(0, 8).map((v) => ({
      mount: v.mount,
      usedBytes: Math.max(0, v.sizeBytes - v.freeBytes),
      totalBytes: v.sizeBytes,
    })),
    network: { inBytesPerSecond: Math.floor(rand() * 2e6), outBytesPerSecond: Math.floor(rand() * 5e5) },
  };
}
