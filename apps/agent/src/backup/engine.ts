import fs from "node:fs/promises";
import path from "node:path";
import { agent as proto } from "@steward/contracts";
import type * as Engine from "@steward/backup";

/**
 * The backup engine, loaded when a backup command first runs: it brings worker threads and a
 * compression module of its own, which the agent's single-file bundle does not carry.
 */
export async function loadEngine(): Promise<typeof Engine> {
  return import("@steward/backup");
}

/** Opens the repository in a folder, or makes one there when the folder holds none. */
export async function openOrInit(engine: typeof Engine, folder: string, key: string) {
  const hasConfig = await fs
    .stat(path.join(folder, "config"))
    .then(() => true)
    .catch(() => false);
  return hasConfig ? engine.Repository.open(folder, key) : engine.Repository.init(folder, key);
}

/** The bytes a backup of these paths reads at most (what the time left is counted from). */
export async function sizeOf(paths: readonly string[], isExcluded: (p: string) => boolean): Promise<number> {
  let total = 0;
  const stack = [...paths];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (isExcluded(p)) continue;
    const st = await fs.lstat(p).catch(() => null);
    if (!st) continue;
    if (st.isFile()) total += st.size;
    else if (st.isDirectory()) {
      const names = await fs.readdir(p).catch(() => [] as string[]);
      for (const name of names) stack.push(path.join(p, name));
    }
  }
  return total;
}

const entryType = (t: string): proto.RevisionEntry["type"] =>
  t === "file" || t === "dir" || t === "symlink" ? t : "other";

/** A revision's file list, depth first, up to the protocol's limit. */
export async function listRevision(
  engine: typeof Engine,
  repo: Engine.Repository,
  treeId: string,
): Promise<{ entries: proto.RevisionEntry[]; truncated: boolean }> {
  const entries: proto.RevisionEntry[] = [];
  const stack: { tree: string; dir: string }[] = [{ tree: treeId, dir: "" }];
  while (stack.length > 0) {
    const { tree, dir } = stack.pop()!;
    const nodes = (await engine.loadTree(repo, tree)).nodes;
    for (const node of nodes) {
      if (entries.length >= proto.MAX_REVISION_ENTRIES) return { entries, truncated: true };
      const p = `${dir}/${node.name}`;
      entries.push({ path: p, type: entryType(node.type), size: node.size ?? 0, mtime: node.mtime });
      if (node.type === "dir" && node.subtree) stack.push({ tree: node.subtree, dir: p });
    }
  }
  return { entries, truncated: false };
}
