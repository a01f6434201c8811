// Retention and prune. forget() keeps the snapshots a policy names (the newest n, and the newest
// of each of the last n days, ISO weeks, months, years that have snapshots) and removes the rest.
// prune() removes packs nobody uses and repacks partly used packs only when the space they waste
// passes a threshold; new packs and a superseding index are written before anything is deleted,
// so an interruption never loses a blob a snapshot needs.
import fs from "node:fs/promises";
import { hex, type IndexJson, type Repository } from "./repository.js";
import { listSnapshots, loadTree } from "./backup.js";
import type { Snapshot } from "./tree.js";
import type { BlobType } from "./blob-index.js";
import { lockRepository } from "./lock.js";

export interface RetentionPolicy {
  last?: number;
  daily?: number;
  weekly?: number;
  monthly?: number;
  yearly?: number;
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86400000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${week}`;
}

/** Which snapshots a policy keeps (ids), from a list of snapshots with their times. */
export function applyPolicy(snaps: { id: string; time: Date }[], policy: RetentionPolicy): Set<string> {
  const sorted = [...snaps].sort((a, b) => b.time.getTime() - a.time.getTime());
  const rules: [number | undefined, (s: { id: string; time: Date }) => string][] = [
    [policy.last, (s) => s.id],
    [policy.daily, (s) => s.time.toISOString().slice(0, 10)],
    [policy.weekly, (s) => isoWeek(s.time)],
    [policy.monthly, (s) => s.time.toISOString().slice(0, 7)],
    [policy.yearly, (s) => s.time.toISOString().slice(0, 4)],
  ];
  const active = rules.filter(([n]) => n !== undefined && n > 0);
  if (active.length === 0) return new Set(sorted.map((s) => s.id));
  const keep = new Set<string>();
  for (const [n, key] of active) {
    let left = n!;
    let lastKey: string | undefined;
    for (const s of sorted) {
      if (left === 0) break;
      const k = key(s);
      if (k === lastKey) continue;
      lastKey = k;
      keep.add(s.id);
      left--;
    }
  }
  return keep;
}

export async function forget(
  repo: Repository,
  policy: RetentionPolicy,
): Promise<{ kept: string[]; removed: string[] }> {
  const snaps = await listSnapshots(repo);
  const keep = applyPolicy(
    snaps.map((s) => ({ id: s.id, time: new Date(s.snapshot.time) })),
    policy,
  );
  const removed: string[] = [];
  for (const s of snaps) {
    if (keep.has(s.id)) continue;
    await fs.rm(repo.filePath("snapshots", s.id), { force: true });
    removed.push(s.id);
  }
  return { kept: snaps.filter((s) => keep.has(s.id)).map((s) => s.id), removed };
}

export interface PruneOptions {
  /** Repack partly used packs only when their unused bytes exceed this share of the used bytes. */
  maxUnusedFraction?: number;
}

export interface PruneResult {
  packsDeleted: number;
  packsRepacked: number;
  packsWritten: number;
  bytesFreed: number;
  unusedBytesKept: number;
  repacked: boolean;
}

type IndexBlob = IndexJson["packs"][number]["blobs"][number];

export async function prune(repo: Repository, opts: PruneOptions = {}): Promise<PruneResult> {
  const lock = await lockRepository(repo, true);
  try {
    return await runPrune(repo, opts);
  } finally {
    await lock.release();
  }
}

async function runPrune(repo: Repository, opts: PruneOptions): Promise<PruneResult> {
  const maxUnused = opts.maxUnusedFraction ?? 0.05;
  await repo.cleanTmp();
  await repo.loadIndex();
  // every index file's packs, as written
  const indexIds = await repo.list("index");
  const packs = new Map<string, IndexBlob[]>();
  for (const id of indexIds) {
    const idx = await repo.loadJson<IndexJson>("index", id);
    for (const p of idx.packs) packs.set(p.id, p.blobs);
  }
  // blobs the remaining snapshots reach
  const used = new Set<string>();
  const walk = async (treeId: string) => {
    if (used.has(treeId)) return;
    used.add(treeId);
    for (const n of (await loadTree(repo, treeId)).nodes) {
      if (n.type === "dir" && n.subtree) await walk(n.subtree);
      for (const c of n.content ?? []) used.add(c);
    }
  };
  for (const s of await listSnapshots(repo)) await walk((s.snapshot as Snapshot).tree);
  await repo.close();

  const claimed = new Set<string>();
  const keep: IndexJson["packs"] = [];
  const partial: { id: string; blobs: IndexBlob[]; usedBlobs: IndexBlob[]; unused: number }[] = [];
  const drop: string[] = [];
  let usedBytes = 0;
  let unusedBytes = 0;
  for (const [id, blobs] of packs) {
    const usedBlobs: IndexBlob[] = [];
    let unused = 0;
    for (const b of blobs) {
      if (used.has(b.id) && !claimed.has(b.id)) {
        claimed.add(b.id);
        usedBlobs.push(b);
        usedBytes += b.length;
      } else unused += b.length;
    }
    if (usedBlobs.length === 0) drop.push(id);
    else if (unused === 0) keep.push({ id, blobs });
    else {
      partial.push({ id, blobs, usedBlobs, unused });
      unusedBytes += unused;
    }
  }
  const onDisk = await repo.listPacks();
  const orphans = [...onDisk.keys()].filter((p) => !packs.has(p));
  const repack = unusedBytes > maxUnused * Math.max(usedBytes, 1);
  const result: PruneResult = {
    packsDeleted: 0,
    packsRepacked: 0,
    packsWritten: 0,
    bytesFreed: 0,
    unusedBytesKept: 0,
    repacked: repack,
  };
  if (!repack) {
    for (const p of partial) keep.push({ id: p.id, blobs: p.blobs });
    result.unusedBytesKept = unusedBytes;
  } else {
    // copy the used blobs as sealed, without decrypting them, into new packs per type
    const byType: Record<
      BlobType,
      { id: Buffer; type: BlobType; sealed: Buffer; compressed: boolean; plainLength: number }[]
    > = { data: [], tree: [] };
    let pending = 0;
    const flush = async () => {
      for (const t of ["data", "tree"] as const) {
        if (byType[t].length === 0) continue;
        const w = await repo.writePack(byType[t]);
        byType[t] = [];
        result.packsWritten++;
        keep.push({
          id: w.id,
          blobs: w.blobs.map((b) => ({
            id: hex(b.id),
            type: b.type,
            offset: b.offset,
            length: b.length,
            ...(b.uncompressedLength > 0 ? { uncompressed_length: b.uncompressedLength } : {}),
          })),
        });
      }
      pending = 0;
    };
    for (const p of partial) {
      const fh = await fs.open(repo.packPath(p.id), "r");
      try {
        for (const b of p.usedBlobs) {
          const sealed = Buffer.alloc(b.length);
          await fh.read(sealed, 0, b.length, b.offset);
          byType[b.type].push({
            id: Buffer.from(b.id, "hex"),
            type: b.type,
            sealed,
            compressed: (b.uncompressed_length ?? 0) > 0,
            plainLength: b.uncompressed_length ?? 0,
          });
          pending += b.length;
          if (pending >= 16 * 1024 * 1024) await flush();
        }
      } finally {
        await fh.close();
      }
      drop.push(p.id);
      result.packsRepacked++;
    }
    await flush();
  }
  // the new index (superseding all old ones) must be durable before anything is deleted
  const dropSet = new Set(drop);
  const finalPacks = keep.filter((p) => !dropSet.has(p.id));
  if (drop.length > 0 || orphans.length > 0 || repack) {
    const newIndexIds: string[] = [];
    for (let i = 0; i < finalPacks.length || i === 0; i += 256) {
      newIndexIds.push(
        await repo.saveJson("index", {
          supersedes: i === 0 ? indexIds : [],
          packs: finalPacks.slice(i, i + 256),
        }),
      );
    }
    for (const id of indexIds)
      if (!newIndexIds.includes(id)) await fs.rm(repo.filePath("index", id), { force: true });
    for (const id of [...drop, ...orphans]) {
      result.bytesFreed += onDisk.get(id) ?? 0;
      await fs.rm(repo.packPath(id), { force: true });
      result.packsDeleted++;
    }
  }
  return result;
}
