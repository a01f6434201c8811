import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Repository } from "./repository.js";
import { backup, loadTree } from "./backup.js";
import { restore } from "./restore.js";
import { applyPolicy } from "./retention.js";
import { lockRepository } from "./lock.js";

let work: string;
let src: string;
let repoDir: string;
let snapshotId: string;

beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "backup-restore-"));
  src = path.join(work, "src");
  repoDir = path.join(work, "repo");
  await fsp.mkdir(path.join(src, "docs", "deep"), { recursive: true });
  await fsp.writeFile(path.join(src, "docs", "notes.txt"), "version one");
  await fsp.writeFile(path.join(src, "docs", "deep", "a.bin"), crypto.randomBytes(2000));
  await fsp.writeFile(path.join(src, "top.txt"), "top", { mode: 0o640 });
  await fsp.writeFile(path.join(src, "skip-me.tmp"), "excluded");
  const repo = await Repository.init(repoDir, "pw", { scryptN: 1 << 14 });
  const res = await backup(repo, { paths: [src], excludes: ["*.tmp"] });
  snapshotId = res.snapshotId;
}, 60_000);

afterAll(async () => {
  await fsp.rm(work, { recursive: true, force: true });
});

const open = () => Repository.open(repoDir, "pw");

describe("restore", () => {
  it("restores only the chosen folder, with modes, and leaves excluded files out of the backup", async () => {
    const target = path.join(work, "only-docs");
    const res = await restore(await open(), {
      snapshot: snapshotId,
      target,
      include: [path.join(src, "docs")],
    });
    expect(res.errors).toEqual([]);
    const base = path.join(target, src);
    expect(await fsp.readFile(path.join(base, "docs", "notes.txt"), "utf8")).toBe("version one");
    await expect(fsp.stat(path.join(base, "top.txt"))).rejects.toThrow();
    const all = path.join(work, "all");
    await restore(await open(), { snapshot: "latest", target: all });
    expect((await fsp.stat(path.join(all, src, "top.txt"))).mode & 0o777).toBe(0o640);
    await expect(fsp.stat(path.join(all, src, "skip-me.tmp"))).rejects.toThrow();
  }, 30_000);

  it("skips, overwrites or keeps both when the file exists", async () => {
    const target = path.join(work, "collide");
    const notes = path.join(target, src, "docs", "notes.txt");
    const one = { snapshot: snapshotId, target, include: [path.join(src, "docs", "notes.txt")] };
    await restore(await open(), one);
    await fsp.writeFile(notes, "edited since");
    const skipped = await restore(await open(), { ...one, collision: "skip" });
    expect(skipped.skipped).toEqual([notes]);
    expect(await fsp.readFile(notes, "utf8")).toBe("edited since");
    const renamed = await restore(await open(), { ...one, collision: "rename" });
    const copy = path.join(target, src, "docs", "notes (1).txt");
    expect(renamed.renamed).toEqual([{ from: notes, to: copy }]);
    expect(await fsp.readFile(copy, "utf8")).toBe("version one");
    expect(await fsp.readFile(notes, "utf8")).toBe("edited since");
    await restore(await open(), { ...one, collision: "overwrite" });
    expect(await fsp.readFile(notes, "utf8")).toBe("version one");
  }, 30_000);

  it("stores an image as fixed-size blocks and only the changed block again", async () => {
    const imgDir = path.join(work, "img");
    await fsp.mkdir(imgDir);
    const img = path.join(imgDir, "disk.img");
    const data = crypto.randomBytes(5 * 1024 * 1024 + 100);
    await fsp.writeFile(img, data);
    const repo = await open();
    const first = await backup(repo, { paths: [img], fixedBlockSize: 1024 * 1024, parent: null });
    const findNode = async (treeId: string, parts: string[]): Promise<{ content: string[] | null }> => {
      const tree = await loadTree(repo, treeId);
      const node = tree.nodes.find((n) => n.name === parts[0])!;
      return parts.length === 1 ? node : findNode(node.subtree!, parts.slice(1));
    };
    const node = await findNode(first.snapshot.tree, img.split("/").filter(Boolean));
    expect(node.content).toHaveLength(6);
    await repo.close();
    data.write("changed", 3 * 1024 * 1024 + 5);
    await fsp.writeFile(img, data);
    const second = await backup(await open(), { paths: [img], fixedBlockSize: 1024 * 1024 });
    expect(second.stats.bytesAdded).toBeLessThanOrEqual(1024 * 1024 + 4096);
    const target = path.join(work, "img-restore");
    await restore(await open(), { snapshot: second.snapshotId, target });
    expect((await fsp.readFile(path.join(target, img))).equals(data)).toBe(true);
  }, 30_000);
});

describe("locks", () => {
  it("a live exclusive lock (a prune) keeps a backup out; a lock of a dead process does not", async () => {
    const held = await lockRepository(await open(), true);
    await expect(backup(await open(), { paths: [src] })).rejects.toThrow(/locked/);
    await held.release();
    const repo = await open();
    await repo.saveJson("locks", {
      time: new Date().toISOString(),
      exclusive: true,
      hostname: os.hostname(),
      username: "x",
      pid: 2 ** 22 + 12345,
      uid: 0,
      gid: 0,
    });
    const res = await backup(repo, { paths: [src] });
    expect(res.snapshotId).toMatch(/^[0-9a-f]{64}$/);
  }, 30_000);
});

describe("retention policy", () => {
  const day = 86_400_000;
  const t0 = Date.UTC(2026, 0, 31, 12);
  // two snapshots a day for 60 days, newest first
  const snaps = Array.from({ length: 120 }, (_, i) => ({ id: `s${i}`, time: new Date(t0 - i * (day / 2)) }));
  it("keeps the newest n, then the newest of each day, week and month", () => {
    expect([...applyPolicy(snaps, { last: 3 })].sort()).toEqual(["s0", "s1", "s2"]);
    const daily = applyPolicy(snaps, { daily: 7 });
    expect(daily.size).toBe(7);
    expect(daily.has("s0") && daily.has("s2") && !daily.has("s1")).toBe(true);
    const monthly = applyPolicy(snaps, { monthly: 3 });
    // the snapshots span two months: the newest of each, however many months were asked for
    expect(
      [...monthly]
        .map((id) =>
          snaps
            .find((s) => s.id === id)!
            .time.toISOString()
            .slice(0, 10),
        )
        .sort(),
    ).toEqual(["2025-12-31", "2026-01-31"]);
    const combined = applyPolicy(snaps, { last: 2, weekly: 4 });
    expect(combined.size).toBeGreaterThanOrEqual(4);
    expect(applyPolicy(snaps, {}).size).toBe(120);
  });
});
