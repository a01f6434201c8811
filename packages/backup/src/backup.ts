// The archiver: walks the included paths, chunks and deduplicates file contents, writes trees
// bottom-up and finally the snapshot. Write order keeps the repository consistent at every
// instant: pack files first, then an index naming only packs already on disk, and the snapshot
// (the commit point) last. A run that is killed leaves complete packs, possibly not yet indexed;
// the next run indexes them and reuses their blobs.
import fs from "node:fs/promises";
import type { BigIntStats } from "node:fs";
import path from "node:path";
import os from "node:os";
import { Chunker, chunkFile } from "./chunker.js";
import { BlobPool, type SealedBlob } from "./pool.js";
import { hex, type IndexJson, type Repository } from "./repository.js";
import { encodeTree, makeNode, type Snapshot, type Tree, type TreeNode } from "./tree.js";
import { compileExcludes } from "./exclude.js";
import { lockRepository } from "./lock.js";
import type { BlobType } from "./blob-index.js";

export interface BackupProgress {
  files: number;
  dirs: number;
  bytesRead: number;
  bytesAdded: number;
}

export interface BackupOptions {
  /** Absolute paths to back up. */
  paths: string[];
  /** Glob patterns; a match on the path or its last element leaves the entry out. */
  excludes?: string[];
  hostname?: string;
  tags?: string[];
  /** Snapshot to compare against (unchanged files are not read again); "latest" by default. */
  parent?: string | null;
  /** Fixed-size blocks instead of content-defined chunks (image plans), with this block size. */
  fixedBlockSize?: number;
  compression?: boolean;
  /** Packs written before an index file is written for them. */
  packsPerIndex?: number;
  /** Size at which a pack is closed (16 MiB by default). */
  packSize?: number;
  workers?: number;
  onProgress?: (p: BackupProgress) => void;
  signal?: AbortSignal;
}

export interface BackupResult {
  snapshotId: string;
  snapshot: Snapshot;
  stats: BackupProgress & {
    filesNew: number;
    filesChanged: number;
    filesUnmodified: number;
    blobsAdded: number;
    bytesStored: number;
    errors: { path: string; message: string }[];
  };
}

const PACK_TARGET = 16 * 1024 * 1024;
const IN_FLIGHT_BYTES = 32 * 1024 * 1024;

/** Groups sealed blobs into packs per type and indexes written packs in batches. */
export class PackWriter {
  private open: Record<BlobType, { blobs: (SealedBlob & { type: BlobType })[]; bytes: number }> = {
    data: { blobs: [], bytes: 0 },
    tree: { blobs: [], bytes: 0 },
  };
  private queued = new Set<string>();
  private unindexed: IndexJson["packs"] = [];
  private chain: Promise<void> = Promise.resolve();
  /** Bytes of closed packs still waiting for their write. */
  private writing = 0;
  blobsAdded = 0;
  bytesStored = 0;

  constructor(
    private readonly repo: Repository,
    private readonly packsPerIndex = 32,
    private readonly packSize = PACK_TARGET,
  ) {}

  known(id: Uint8Array): boolean {
    return this.queued.has(hex(id)) || this.repo.index.has(id);
  }

  /** Queues a blob unless the repository (or this run) already has it. */
  add(type: BlobType, blob: SealedBlob): void {
    if (this.known(blob.id)) return;
    this.queued.add(hex(blob.id));
    const o = this.open[type];
    o.blobs.push({ ...blob, type });
    o.bytes += blob.sealed.length;
    this.blobsAdded++;
    this.bytesStored += blob.sealed.length;
    if (o.bytes >= this.packSize) this.flushPack(type);
  }

  private flushPack(type: BlobType): void {
    const o = this.open[type];
    if (o.blobs.length === 0) return;
    const blobs = o.blobs;
    const bytes = o.bytes;
    this.writing += bytes;
    this.open[type] = { blobs: [], bytes: 0 };
    this.chain = this.chain.then(async () => {
      const pack = await this.repo.writePack(blobs);
      this.writing -= bytes;
      const n = this.repo.index.packNumber(pack.id);
      const entry: IndexJson["packs"][number] = { id: pack.id, blobs: [] };
      for (const b of pack.blobs) {
        this.repo.index.add(b.id, {
          pack: n,
          type: b.type,
          offset: b.offset,
          length: b.length,
          uncompressedLength: b.uncompressedLength,
        });
        this.queued.delete(hex(b.id));
        entry.blobs.push({
          id: hex(b.id),
          type: b.type,
          offset: b.offset,
          length: b.length,
          ...(b.uncompressedLength > 0 ? { uncompressed_length: b.uncompressedLength } : {}),
        });
      }
      this.unindexed.push(entry);
      if (this.unindexed.length >= this.packsPerIndex) await this.writeIndex();
    });
  }

  private async writeIndex(): Promise<void> {
    if (this.unindexed.length === 0) return;
    const packs = this.unindexed;
    this.unindexed = [];
    const id = await this.repo.saveJson("index", { packs });
    this.repo.indexFiles.add(id);
  }

  /** Writes the open packs and an index for every pack not yet indexed. */
  async flush(): Promise<void> {
    this.flushPack("data");
    this.flushPack("tree");
    this.chain = this.chain.then(() => this.writeIndex());
    await this.chain;
  }

  /** Waits while more than two packs wait for the disk, so a slow disk bounds memory. */
  async backpressure(): Promise<void> {
    if (this.writing > 2 * this.packSize) await this.chain;
  }

  /** Waits for the pack writes queued so far (errors surface here). */
  async settle(): Promise<void> {
    await this.chain;
  }
}

/**
 * Indexes packs that are on disk but in no index (left by an interrupted run), so their blobs
 * count as stored. A pack whose header cannot be read is left for prune to remove.
 */
export async function adoptOrphanPacks(repo: Repository): Promise<number> {
  await repo.loadIndex();
  const known = new Set(repo.index.packs);
  const orphans: IndexJson["packs"] = [];
  for (const id of (await repo.listPacks()).keys()) {
    if (known.has(id)) continue;
    try {
      const blobs = await repo.readPackHeader(id);
      orphans.push({
        id,
        blobs: blobs.map((b) => ({
          id: hex(b.id),
          type: b.type,
          offset: b.offset,
          length: b.length,
          ...(b.uncompressedLength > 0 ? { uncompressed_length: b.uncompressedLength } : {}),
        })),
      });
    } catch {
      // unreadable: not referenced by anything, prune removes it
    }
  }
  if (orphans.length === 0) return 0;
  const idxId = await repo.saveJson("index", { packs: orphans });
  repo.addIndexJson({ packs: orphans });
  repo.indexFiles.add(idxId);
  return orphans.length;
}

export async function listSnapshots(repo: Repository): Promise<{ id: string; snapshot: Snapshot }[]> {
  const out: { id: string; snapshot: Snapshot }[] = [];
  for (const id of await repo.list("snapshots"))
    out.push({ id, snapshot: await repo.loadJson<Snapshot>("snapshots", id) });
  out.sort((a, b) => a.snapshot.time.localeCompare(b.snapshot.time));
  return out;
}

export async function loadTree(repo: Repository, id: string): Promise<Tree> {
  return JSON.parse((await repo.readBlob(Buffer.from(id, "hex"))).toString("utf8")) as Tree;
}

interface PathTrie {
  full: boolean;
  children: Map<string, PathTrie>;
}

function buildTrie(paths: string[]): PathTrie {
  const root: PathTrie = { full: false, children: new Map() };
  for (const p of paths) {
    const parts = path.resolve(p).split(path.sep).filter(Boolean);
    let t = root;
    for (const part of parts) {
      let c = t.children.get(part);
      if (!c) t.children.set(part, (c = { full: false, children: new Map() }));
      t = c;
    }
    t.full = true;
  }
  return root;
}

export async function backup(repo: Repository, opts: BackupOptions): Promise<BackupResult> {
  const lock = await lockRepository(repo, false);
  try {
    // another backup may be writing next to this one: only old leftovers are removed
    await repo.cleanTmp(60 * 60 * 1000);
    await adoptOrphanPacks(repo);
    return await runBackup(repo, opts);
  } finally {
    await lock.release();
  }
}

async function runBackup(repo: Repository, opts: BackupOptions): Promise<BackupResult> {
  const hostname = opts.hostname ?? os.hostname();
  const paths = opts.paths.map((p) => path.resolve(p)).sort();
  let parentId: string | undefined;
  if (opts.parent !== null) {
    const snaps = await listSnapshots(repo);
    const match =
      opts.parent && opts.parent !== "latest"
        ? snaps.find((s) => s.id.startsWith(opts.parent!))
        : snaps
            .filter(
              (s) =>
                s.snapshot.hostname === hostname &&
                JSON.stringify(s.snapshot.paths) === JSON.stringify(paths),
            )
            .at(-1);
    parentId = match?.id;
  }
  const parentSnap = parentId ? await repo.loadJson<Snapshot>("snapshots", parentId) : undefined;

  const pool = new BlobPool(repo.key, opts.workers);
  const writer = new PackWriter(repo, opts.packsPerIndex, opts.packSize);
  const chunker = opts.fixedBlockSize ? null : new Chunker(repo.chunkerKey());
  const excluded = compileExcludes(opts.excludes ?? []);
  // files are read one at a time, so one read buffer serves them all
  const scratch = Buffer.allocUnsafe(
    Math.max(2 * (chunker?.max ?? opts.fixedBlockSize ?? 0), 16 * 1024 * 1024),
  );
  const compression = opts.compression ?? repo.config.version >= 2;
  const stats: BackupResult["stats"] = {
    files: 0,
    dirs: 0,
    bytesRead: 0,
    bytesAdded: 0,
    filesNew: 0,
    filesChanged: 0,
    filesUnmodified: 0,
    blobsAdded: 0,
    bytesStored: 0,
    errors: [],
  };
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const treeCache = new Map<string, Map<string, TreeNode>>();

  const parentNodes = async (subtree: string | undefined): Promise<Map<string, TreeNode> | undefined> => {
    if (!subtree) return undefined;
    let m = treeCache.get(subtree);
    if (!m) {
      try {
        m = new Map((await loadTree(repo, subtree)).nodes.map((n) => [n.name, n]));
      } catch {
        return undefined;
      }
      if (treeCache.size > 256) treeCache.clear();
      treeCache.set(subtree, m);
    }
    return m;
  };

  const progress = () =>
    opts.onProgress?.({
      files: stats.files,
      dirs: stats.dirs,
      bytesRead: stats.bytesRead,
      bytesAdded: stats.bytesAdded,
    });

  const submit = async (type: BlobType, data: Buffer): Promise<Buffer> => {
    if (opts.signal?.aborted) throw new Error("backup cancelled");
    while (inFlight > IN_FLIGHT_BYTES) await new Promise<void>((r) => waiters.push(r));
    const size = data.length;
    inFlight += size;
    try {
      const sealed = await pool.process(data, compression);
      if (!writer.known(sealed.id)) stats.bytesAdded += sealed.plainLength;
      writer.add(type, sealed);
      await writer.backpressure();
      return sealed.id;
    } finally {
      inFlight -= size;
      waiters.shift()?.();
    }
  };

  const saveTree = async (nodes: TreeNode[]): Promise<string> => hex(await submit("tree", encodeTree(nodes)));

  type Pending = { node: Promise<TreeNode | undefined> };
  const ready = (n: TreeNode | undefined): Pending => ({ node: Promise.resolve(n) });

  // Entries are read one after another; each returns once its bytes are read, with a promise for
  // its node that settles when its blobs are sealed, so sealing overlaps the reading of the next
  // entries. The in-flight budget bounds the memory this takes.
  const saveFile = async (
    abs: string,
    name: string,
    st: BigIntStats,
    prev: TreeNode | undefined,
  ): Promise<Pending> => {
    stats.files++;
    const size = Number(st.size);
    const fresh = makeNode(name, st, {});
    if (
      prev &&
      prev.type === "file" &&
      prev.inode === fresh.inode &&
      (prev.size ?? 0) === size &&
      prev.mtime === fresh.mtime &&
      prev.ctime === fresh.ctime &&
      prev.content &&
      prev.content.every((c) => repo.index.has(Buffer.from(c, "hex")))
    ) {
      stats.filesUnmodified++;
      return ready(makeNode(name, st, { content: prev.content }));
    }
    if (prev) stats.filesChanged++;
    else stats.filesNew++;
    const fh = await fs.open(abs, "r");
    const ids: Promise<Buffer>[] = [];
    try {
      for await (const chunk of chunkFile(fh, chunker, opts.fixedBlockSize, scratch)) {
        stats.bytesRead += chunk.length;
        const p = submit("data", chunk);
        p.catch(() => undefined);
        ids.push(p);
        while (inFlight > IN_FLIGHT_BYTES) await new Promise<void>((r) => waiters.push(r));
      }
    } finally {
      await fh.close();
    }
    return {
      node: Promise.all(ids).then((list) => {
        progress();
        return makeNode(name, st, { content: list.map(hex) });
      }),
    };
  };

  const saveEntry = async (abs: string, name: string, prev: TreeNode | undefined): Promise<Pending> => {
    if (excluded(abs)) return ready(undefined);
    let st: BigIntStats;
    try {
      st = await fs.lstat(abs, { bigint: true });
    } catch (err) {
      stats.errors.push({ path: abs, message: (err as Error).message });
      return ready(undefined);
    }
    try {
      if (st.isDirectory()) return await saveDir(abs, name, st, prev);
      if (st.isSymbolicLink()) return ready(makeNode(name, st, { linktarget: await fs.readlink(abs) }));
      if (st.isFile()) return await saveFile(abs, name, st, prev);
      return ready(makeNode(name, st, {}));
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      stats.errors.push({ path: abs, message: (err as Error).message });
      return ready(undefined);
    }
  };

  const saveDir = async (
    abs: string,
    name: string,
    st: BigIntStats,
    prev: TreeNode | undefined,
  ): Promise<Pending> => {
    stats.dirs++;
    const prevChildren = await parentNodes(prev?.type === "dir" ? prev.subtree : undefined);
    const names = (await fs.readdir(abs)).sort();
    const children: Pending[] = [];
    for (const n of names) {
      const c = await saveEntry(path.join(abs, n), n, prevChildren?.get(n));
      c.node.catch(() => undefined);
      children.push(c);
    }
    return {
      node: Promise.all(children.map((c) => c.node)).then(async (list) =>
        makeNode(name, st, { subtree: await saveTree(list.filter((n): n is TreeNode => n !== undefined)) }),
      ),
    };
  };

  const saveVirtual = async (
    abs: string,
    trie: PathTrie,
    prev: TreeNode | undefined,
  ): Promise<TreeNode[]> => {
    const prevChildren = await parentNodes(prev?.subtree);
    const nodes: TreeNode[] = [];
    for (const [name, child] of [...trie.children].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const childAbs = path.join(abs, name);
      const prevChild = prevChildren?.get(name);
      if (child.full) {
        const n = await (await saveEntry(childAbs, name, prevChild)).node;
        if (n) nodes.push(n);
        continue;
      }
      const st = await fs.lstat(childAbs, { bigint: true });
      const sub = await saveVirtual(childAbs, child, prevChild);
      nodes.push(makeNode(name, st, { subtree: await saveTree(sub) }));
    }
    return nodes;
  };

  try {
    const rootNodes = await saveVirtual(
      path.parse(paths[0] ?? "/").root,
      buildTrie(paths),
      parentSnap ? ({ subtree: parentSnap.tree } as TreeNode) : undefined,
    );
    const rootTree = await saveTree(rootNodes);
    await writer.flush();
    stats.blobsAdded = writer.blobsAdded;
    stats.bytesStored = writer.bytesStored;
    const info = os.userInfo();
    const snapshot: Snapshot = {
      time: new Date().toISOString(),
      ...(parentId ? { parent: parentId } : {}),
      tree: rootTree,
      paths,
      hostname,
      username: info.username,
      uid: info.uid,
      gid: info.gid,
      ...(opts.excludes?.length ? { excludes: opts.excludes } : {}),
      ...(opts.tags?.length ? { tags: opts.tags } : {}),
    };
    const snapshotId = await repo.saveJson("snapshots", snapshot);
    progress();
    return { snapshotId, snapshot, stats };
  } finally {
    await writer.settle().catch(() => undefined);
    await pool.close();
    await repo.close();
  }
}
