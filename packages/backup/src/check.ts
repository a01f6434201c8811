// Integrity check: the structure (index files, packs named in them, snapshots and every tree and
// blob they reach) and, when asked, the data itself (each pack read whole, its hash compared to
// its name, every blob decrypted and hashed). Problems name the pack and the files they affect.
import fs from "node:fs/promises";
import { sha256 } from "./codec.mjs";
import { hex, type IndexJson, type Repository } from "./repository.js";
import { listSnapshots, loadTree } from "./backup.js";

export interface CheckProblem {
  kind: "index" | "pack" | "blob" | "snapshot" | "tree";
  message: string;
  pack?: string;
  /** Files (paths in the snapshot) whose contents the problem affects. */
  files?: string[];
}

export interface CheckOptions {
  /** Read and verify pack data: all packs, none, or the k-th of n parts (k from 1), which rotates a schedule through the repository. */
  readData?: boolean | { part: number; of: number };
}

export interface CheckResult {
  ok: boolean;
  problems: CheckProblem[];
  /** Packs on disk that no index names (left by an interrupted backup; harmless). */
  unindexedPacks: string[];
  packsRead: number;
  snapshots: number;
}

export async function check(repo: Repository, opts: CheckOptions = {}): Promise<CheckResult> {
  const problems: CheckProblem[] = [];
  const packBlobs = new Map<string, IndexJson["packs"][number]["blobs"]>();
  for (const id of await repo.list("index")) {
    try {
      const idx = await repo.loadJson<IndexJson>("index", id);
      for (const p of idx.packs) packBlobs.set(p.id, p.blobs);
    } catch (err) {
      problems.push({ kind: "index", message: `index ${id}: ${(err as Error).message}` });
    }
  }
  await repo.loadIndex().catch(() => undefined);
  const onDisk = await repo.listPacks();
  const unindexedPacks = [...onDisk.keys()].filter((p) => !packBlobs.has(p));

  // which files use which blob, for naming what a damaged pack affects
  const blobFiles = new Map<string, string[]>();
  const seenTrees = new Set<string>();
  const snaps = await listSnapshots(repo).catch((err: Error) => {
    problems.push({ kind: "snapshot", message: err.message });
    return [];
  });
  const walk = async (treeId: string, dir: string): Promise<void> => {
    if (seenTrees.has(treeId)) return;
    seenTrees.add(treeId);
    if (!repo.index.has(Buffer.from(treeId, "hex"))) {
      problems.push({ kind: "tree", message: `tree ${treeId} (${dir}) is not in any index` });
      return;
    }
    let tree;
    try {
      tree = await loadTree(repo, treeId);
    } catch (err) {
      const loc = repo.index.get(Buffer.from(treeId, "hex"));
      problems.push({
        kind: "tree",
        message: `tree ${treeId} (${dir}): ${(err as Error).message}`,
        ...(loc ? { pack: repo.index.packs[loc.pack] } : {}),
      });
      return;
    }
    for (const node of tree.nodes) {
      const p = dir === "/" ? `/${node.name}` : `${dir}/${node.name}`;
      if (node.type === "dir") {
        if (!node.subtree) problems.push({ kind: "tree", message: `folder ${p} has no subtree` });
        else await walk(node.subtree, p);
      } else if (node.type === "file") {
        if (!node.content) {
          problems.push({ kind: "tree", message: `file ${p} has no content list` });
          continue;
        }
        for (const c of node.content) {
          const files = blobFiles.get(c);
          if (files) {
            if (files.length < 8 && !files.includes(p)) files.push(p);
          } else blobFiles.set(c, [p]);
          if (!repo.index.has(Buffer.from(c, "hex")))
            problems.push({ kind: "blob", message: `file ${p}: blob ${c} is not in any index`, files: [p] });
        }
      }
    }
  };
  for (const s of snaps) await walk(s.snapshot.tree, "/");

  const affected = (blobs: { id: string }[]) => [...new Set(blobs.flatMap((b) => blobFiles.get(b.id) ?? []))];

  let packsRead = 0;
  for (const [packId, blobs] of packBlobs) {
    const size = onDisk.get(packId);
    if (size === undefined) {
      problems.push({
        kind: "pack",
        pack: packId,
        message: `pack ${packId} is named in an index but missing`,
        files: affected(blobs),
      });
      continue;
    }
    const rd = opts.readData;
    const read =
      rd === true ||
      (typeof rd === "object" &&
        rd.of > 0 &&
        parseInt(packId.slice(0, 8), 16) % rd.of === (rd.part - 1) % rd.of);
    if (!read) {
      try {
        const header = await repo.readPackHeader(packId);
        const inHeader = new Set(header.map((b) => hex(b.id)));
        const missing = blobs.filter((b) => !inHeader.has(b.id));
        if (missing.length)
          problems.push({
            kind: "pack",
            pack: packId,
            message: `pack ${packId}: ${missing.length} indexed blobs not in its header`,
            files: affected(missing),
          });
      } catch (err) {
        problems.push({
          kind: "pack",
          pack: packId,
          message: `pack ${packId}: ${(err as Error).message}`,
          files: affected(blobs),
        });
      }
      continue;
    }
    packsRead++;
    const buf = await fs.readFile(repo.packPath(packId));
    if (hex(sha256(buf)) !== packId)
      problems.push({
        kind: "pack",
        pack: packId,
        message: `pack ${packId}: content does not match its name`,
        files: affected(blobs),
      });
    try {
      await repo.readPackHeader(packId, buf);
    } catch (err) {
      problems.push({
        kind: "pack",
        pack: packId,
        message: `pack ${packId}: header: ${(err as Error).message}`,
        files: affected(blobs),
      });
    }
    for (const b of blobs) {
      try {
        const plain = repo.decodeBlob(buf.subarray(b.offset, b.offset + b.length), {
          uncompressedLength: b.uncompressed_length ?? 0,
        });
        if (hex(sha256(plain)) !== b.id) throw new Error("content does not match its id");
      } catch (err) {
        problems.push({
          kind: "blob",
          pack: packId,
          message: `pack ${packId}: blob ${b.id}: ${(err as Error).message}`,
          files: affected([b]),
        });
      }
    }
  }
  await repo.close();
  return { ok: problems.length === 0, problems, unindexedPacks, packsRead, snapshots: snaps.length };
}
