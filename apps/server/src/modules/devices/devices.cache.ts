import type { DeviceCacheStats, DeviceSummary } from "@steward/contracts";

export interface DeviceCacheOptions {
  maxEntries?: number;
  ttlSeconds?: number;
  now?: () => number;
}

/**
 * The device query cache behind POST /api/query/device: device summaries by id, least recently
 * used first out, each fresh for ttlSeconds. Console changes invalidate their devices at once;
 * presence changes made by the agent listener show after at most the TTL, which is what the
 * answer's cacheExpiration tells the client.
 */
export function createDeviceCache(options: DeviceCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const ttlMs = (options.ttlSeconds ?? 30) * 1000;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<number, { node: DeviceSummary; expiresAt: number }>();
  const stats = { hits: 0, misses: 0, evictions: 0, invalidations: 0 };

  return {
    /** Fresh cached nodes, and the ids that must be read. */
    lookup(ids: number[]): { found: { node: DeviceSummary; expiresAt: number }[]; missing: number[] } {
      const t = now();
      const found: { node: DeviceSummary; expiresAt: number }[] = [];
      const missing: number[] = [];
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry && entry.expiresAt > t) {
          entries.delete(id);
          entries.set(id, entry);
          found.push(entry);
          stats.hits += 1;
        } else {
          if (entry) entries.delete(id);
          missing.push(id);
          stats.misses += 1;
        }
      }
      return { found, missing };
    },

    store(nodes: DeviceSummary[]): number {
      const expiresAt = now() + ttlMs;
      for (const node of nodes) {
        entries.delete(node.id);
        entries.set(node.id, { node, expiresAt });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value as number;
          entries.delete(oldest);
          stats.evictions += 1;
        }
      }
      return expiresAt;
    },

    invalidate(ids: Iterable<number>): void {
      for (const id of ids) if (entries.delete(id)) stats.invalidations += 1;
    },

    clear(): number {
      const n = entries.size;
      entries.clear();
      return n;
    },

    stats(): DeviceCacheStats {
      return { entries: entries.size, maxEntries, ttlSeconds: ttlMs / 1000, ...stats };
    },

    ttlMs,
  };
}

export type DeviceCache = ReturnType<typeof createDeviceCache>;
