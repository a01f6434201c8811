// Restore of a snapshot, or of chosen files and folders in it, to the original location or
// another folder. Files are written to a temporary name beside their target and renamed into
// place, so an interrupted restore never leaves a half-written file under the real name.
import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { Repository } from "./repository.js";
import { BlobPool } from "./pool.js";
import { listSnapshots, loadTree } from "./backup.js";
import { parseTime, unixPerm, type Snapshot, type TreeNode } from "./tree.js";

export type CollisionMode = "overwrite" | "skip" | "rename";

export interface RestoreOptions {
  /** Snapshot id or unique prefix, or "latest". */
  snapshot: string;
  /** Folder to restore into; "/" (or omitted) restores to the original location. */
  target?: string;
  /** Paths inside the snapshot (absolute, as backed up) to restore; everything when omitted. */
  include?: string[];
  collision?: CollisionMode;
  /** Restore owner (when running with the right to) and permission bits; true by default. */
  permissions?: boolean;
  onProgress?: (p: { files: number; bytes: number }) => void;
  signal?: AbortSignal;
}

export interface RestoreResult {
  files: number;
  dirs: number;
  bytes: number;
  skipped: string[];
  renamed: { from: string; to: string }[];
  errors: { path: string; message: string }[];
}

export async function findSnapshot(
  repo: Repository,
  ref: string,
): Promise<{ id: string; snapshot: Snapshot }> {
  const snaps = await listSnapshots(repo);
  const hit = ref === "latest" ? snaps.at(-1) : snaps.filter((s) => s.id.startsWith(ref)).at(0);
  if (!hit) throw new Error(`no snapshot ${ref}`);
  return hit;
}

async function freeName(p: string): Promise<string> {
  const ext = path.extname(p);
  const base = p.slice(0, p.length - ext.length);
  for (let i = 1; ; i++) {
    const cand = `${base} (${i})${ext}`;
    try {
      await fs.lstat(cand);
    } catch {
      return cand;
    }
  }
}

export async function restore(repo: Repository, opts: RestoreOptions): Promise<RestoreResult> {
  await repo.loadIndex();
  const { snapshot } = await findSnapshot(repo, opts.snapshot);
  const target = path.resolve(opts.target ?? "/");
  const include = (opts.include ?? []).map((p) => path.resolve(p));
  const collision = opts.collision ?? "overwrite";
  const perms = opts.permissions ?? true;
  const res: RestoreResult = { files: 0, dirs: 0, bytes: 0, skipped: [], renamed: [], errors: [] };
  const dirTimes: { p: string; node: TreeNode }[] = [];

  // a path is wanted when it is inside an included path, or on the way to one
  const wanted = (snapPath: string): "all" | "partial" | "no" => {
    if (include.length === 0) return "all";
    if (include.some((i) => snapPath === i || snapPath.startsWith(i.endsWith("/") ? i : i + "/")))
      return "all";
    if (include.some((i) => i.startsWith(snapPath === "/" ? "/" : snapPath + "/"))) return "partial";
    return "no";
  };

  const applyMeta = async (p: string, node: TreeNode) => {
    if (!perms) return;
    if (node.type !== "symlink" && node.mode !== undefined)
      await fs.chmod(p, unixPerm(node.mode)).catch(() => undefined);
    if (process.getuid?.() === 0) await fs.lchown(p, node.uid, node.gid).catch(() => undefined);
  };

  const restoreFile = async (node: TreeNode, dest: string) => {
    let out = dest;
    const existing = await fs.lstat(dest).catch(() => null);
    if (existing) {
      if (collision === "skip") {
        res.skipped.push(dest);
        return;
      }
      if (collision === "rename") {
        out = await freeName(dest);
        res.renamed.push({ from: dest, to: out });
      }
    }
    if (node.type === "symlink") {
      if (out === dest && existing) await fs.rm(dest, { recursive: true, force: true });
      await fs.symlink(node.linktarget ?? "", out);
      res.files++;
      return;
    }
    if (node.type !== "file") return;
    const tmp = `${out}.restore-${crypto.randomBytes(4).toString("hex")}`;
    const fh = await fs.open(tmp, "w", 0o600);
    try {
      // a few blobs ahead are read and decoded by the workers while earlier ones are written
      const ahead: Promise<Buffer>[] = [];
      const fetch = (hexId: string) => {
        const id = Buffer.from(hexId, "hex");
        const p = repo
          .readSealed(id)
          .then(({ sealed, loc }) => pool.unpack(sealed, loc.uncompressedLength, id));
        p.catch(() => undefined);
        return p;
      };
      const content = node.content ?? [];
      let next = 0;
      while (next < content.length || ahead.length > 0) {
        while (next < content.length && ahead.length < pool.size + 1) ahead.push(fetch(content[next++]!));
        if (opts.signal?.aborted) throw new Error("restore cancelled");
        const data = await ahead.shift()!;
        await fh.write(data);
        res.bytes += data.length;
      }
    } catch (err) {
      await fh.close();
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await fh.close();
    if (out === dest && existing?.isDirectory()) await fs.rm(dest, { recursive: true, force: true });
    await fs.rename(tmp, out);
    await applyMeta(out, node);
    const mt = parseTime(node.mtime);
    await fs.utimes(out, parseTime(node.atime), mt).catch(() => undefined);
    res.files++;
    opts.onProgress?.({ files: res.files, bytes: res.bytes });
  };

  // up to eight files are restored at once (small files are dominated by per-file system calls)
  let running = 0;
  const slots: (() => void)[] = [];
  const limited = async (fn: () => Promise<void>) => {
    while (running >= 8) await new Promise<void>((r) => slots.push(r));
    running++;
    try {
      await fn();
    } finally {
      running--;
      slots.shift()?.();
    }
  };

  const walk = async (treeId: string, snapDir: string, destDir: string) => {
    const tree = await loadTree(repo, treeId);
    const files: Promise<void>[] = [];
    const failed = (snapPath: string) => (err: unknown) => {
      if (opts.signal?.aborted) throw err;
      res.errors.push({ path: snapPath, message: (err as Error).message });
    };
    for (const node of tree.nodes) {
      const snapPath = path.posix.join(snapDir, node.name);
      const w = wanted(snapPath);
      if (w === "no") continue;
      const dest = path.join(destDir, node.name);
      if (node.type !== "dir") {
        if (w === "all") files.push(limited(() => restoreFile(node, dest)).catch(failed(snapPath)));
        continue;
      }
      try {
        await fs.mkdir(dest, { recursive: true });
        if (node.subtree) await walk(node.subtree, snapPath, dest);
        if (w === "all") {
          res.dirs++;
          dirTimes.push({ p: dest, node });
        }
      } catch (err) {
        failed(snapPath)(err);
      }
    }
    await Promise.all(files);
  };

  await fs.mkdir(target, { recursive: true });
  const pool = new BlobPool(repo.key);
  try {
    await walk(snapshot.tree, "/", target);
  } finally {
    await pool.close();
    await repo.close();
  }
  // folder times and modes last: writing their contents changed them
  for (const { p, node } of dirTimes.reverse()) {
    await applyMeta(p, node);
    await fs.utimes(p, parseTime(node.atime), parseTime(node.mtime)).catch(() => undefined);
  }
  return res;
}
