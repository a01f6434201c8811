// The outside oracle: Debian's restic must read every repository the engine writes (check with
// data, snapshots, ls, restore byte for byte), and the engine must read what restic writes.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Repository } from "./repository.js";
import { backup, listSnapshots } from "./backup.js";
import { restore } from "./restore.js";
import { check } from "./check.js";
import { forget, prune } from "./retention.js";

const run = promisify(execFile);
const RESTIC = "/usr/bin/restic";
const PASSWORD = "crash-test";
const pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

let work: string;

async function restic(repo: string, ...args: string[]) {
  return run(RESTIC, ["-r", repo, "--no-cache", ...args], {
    env: { ...process.env, RESTIC_PASSWORD: PASSWORD },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Every entry under dir: type, bytes' hash or link target, permission bits. */
async function treeState(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string, rel: string) => {
    for (const name of (await fsp.readdir(d)).sort()) {
      const p = path.join(d, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = await fsp.lstat(p);
      if (st.isSymbolicLink()) out[r] = `link:${await fsp.readlink(p)}`;
      else if (st.isDirectory()) {
        out[r] = `dir:${(st.mode & 0o7777).toString(8)}`;
        await walk(p, r);
      } else
        out[r] = `file:${(st.mode & 0o7777).toString(8)}:${crypto
          .createHash("sha256")
          .update(await fsp.readFile(p))
          .digest("hex")}`;
    }
  };
  await walk(dir, "");
  return out;
}

/** A small source tree with the cases that matter: a file above the 8 MiB chunk maximum, empty files, symlinks, unicode names. */
async function makeSource(dir: string, bigFile = true) {
  await fsp.mkdir(path.join(dir, "docs", "ünïcødé ✓ 日本"), { recursive: true });
  await fsp.mkdir(path.join(dir, "empty-dir"), { recursive: true });
  if (bigFile) await fsp.writeFile(path.join(dir, "big.bin"), crypto.randomBytes(12 * 1024 * 1024));
  await fsp.writeFile(path.join(dir, "docs", "notes.txt"), "hello backup\n".repeat(50_000));
  await fsp.writeFile(path.join(dir, "docs", "ünïcødé ✓ 日本", "файл.txt"), "unicode content");
  await fsp.writeFile(path.join(dir, "empty.txt"), "");
  await fsp.writeFile(path.join(dir, "script.sh"), "#!/bin/sh\necho hi\n", { mode: 0o750 });
  await fsp.symlink("docs/notes.txt", path.join(dir, "link-to-notes"));
  await fsp.symlink("/nonexistent/target", path.join(dir, "dangling"));
}

beforeAll(async () => {
  expect(fs.existsSync(RESTIC), "Debian's restic is needed (npm test installs it)").toBe(true);
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "backup-engine-"));
});

afterAll(async () => {
  await fsp.rm(work, { recursive: true, force: true });
});

describe("repositories the engine writes", () => {
  it("pass restic check --read-data, list and restore identically over revisions with deduplication", async () => {
    const src = path.join(work, "src1");
    const repoDir = path.join(work, "repo1");
    await makeSource(src);
    const repo = await Repository.init(repoDir, PASSWORD, { scryptN: 1 << 14 });
    const first = await backup(repo, { paths: [src], hostname: "test-host" });
    expect(first.stats.errors).toEqual([]);
    const states = [await treeState(src)];

    // second revision: one file changed in the middle, one added, one removed
    const big = await fsp.readFile(path.join(src, "big.bin"));
    big.write("changed in the middle", 6 * 1024 * 1024);
    await fsp.writeFile(path.join(src, "big.bin"), big);
    await fsp.writeFile(path.join(src, "docs", "new.txt"), "a new file");
    await fsp.rm(path.join(src, "script.sh"));
    const second = await backup(await Repository.open(repoDir, PASSWORD), {
      paths: [src],
      hostname: "test-host",
    });
    states.push(await treeState(src));
    expect(second.snapshot.parent).toBe(first.snapshotId);
    // the changed 12 MiB file costs about two chunks, not the whole file
    expect(second.stats.bytesAdded).toBeLessThan(4 * 1024 * 1024);
    expect(second.stats.filesUnmodified).toBeGreaterThan(0);

    await restic(repoDir, "check", "--read-data");
    const snaps = JSON.parse((await restic(repoDir, "snapshots", "--json")).stdout) as {
      id: string;
      paths: string[];
      hostname: string;
    }[];
    expect(snaps.map((s) => s.id).sort()).toEqual([first.snapshotId, second.snapshotId].sort());
    expect(snaps[0]!.paths).toEqual([src]);
    const ls = (await restic(repoDir, "ls", second.snapshotId)).stdout;
    expect(ls).toContain(`${src}/docs/ünïcødé ✓ 日本/файл.txt`);
    expect(ls).toContain(`${src}/docs/new.txt`);
    expect(ls).not.toContain(`${src}/script.sh`);

    for (const [i, snap] of [first, second].entries()) {
      const target = path.join(work, `restic-restore-${i}`);
      await restic(repoDir, "restore", snap.snapshotId, "--target", target);
      expect(await treeState(path.join(target, src))).toEqual(states[i]);
    }
    // and our own restore of the first revision, to another folder
    const ours = path.join(work, "our-restore");
    const res = await restore(await Repository.open(repoDir, PASSWORD), {
      snapshot: first.snapshotId,
      target: ours,
    });
    expect(res.errors).toEqual([]);
    expect(await treeState(path.join(ours, src))).toEqual(states[0]);
    const own = await check(await Repository.open(repoDir, PASSWORD), { readData: true });
    expect(own.problems).toEqual([]);
  }, 60_000);

  it("reads a repository restic wrote, and restic reads what the engine adds to it", async () => {
    const src = path.join(work, "src2");
    const repoDir = path.join(work, "repo-restic");
    await makeSource(src);
    await restic(repoDir, "init");
    await restic(repoDir, "backup", src);
    const state = await treeState(src);
    const repo = await Repository.open(repoDir, PASSWORD);
    const [snap] = await listSnapshots(repo);
    const target = path.join(work, "from-restic");
    const res = await restore(repo, { snapshot: snap!.id, target });
    expect(res.errors).toEqual([]);
    expect(await treeState(path.join(target, src))).toEqual(state);
    expect((await check(repo, { readData: true })).problems).toEqual([]);

    // a revision written by the engine on top of restic's deduplicates against restic's blobs... by id
    await fsp.writeFile(path.join(src, "added.txt"), "added by the engine");
    const ours = await backup(await Repository.open(repoDir, PASSWORD), { paths: [src] });
    await restic(repoDir, "check", "--read-data");
    const back = path.join(work, "restic-reads-ours");
    await restic(repoDir, "restore", ours.snapshotId, "--target", back);
    expect(await treeState(path.join(back, src))).toEqual(await treeState(src));
  }, 60_000);

  it("finds a flipped bit in a pack and names the file it damages", async () => {
    const src = path.join(work, "src3");
    const repoDir = path.join(work, "repo-corrupt");
    await fsp.mkdir(src);
    await fsp.writeFile(path.join(src, "precious.bin"), crypto.randomBytes(3 * 1024 * 1024));
    const repo = await Repository.init(repoDir, PASSWORD, { scryptN: 1 << 14 });
    await backup(repo, { paths: [src] });
    const fresh = await Repository.open(repoDir, PASSWORD);
    await fresh.loadIndex();
    const loc = [...fresh.index.entries()].find(([, l]) => l.type === "data")![1];
    const packFile = fresh.packPath(fresh.index.packs[loc.pack]!);
    const bytes = await fsp.readFile(packFile);
    bytes[loc.offset + 100]! ^= 0x10;
    await fsp.writeFile(packFile, bytes);
    const structural = await check(await Repository.open(repoDir, PASSWORD));
    expect(structural.ok).toBe(true);
    const result = await check(await Repository.open(repoDir, PASSWORD), { readData: true });
    expect(result.ok).toBe(false);
    const blobProblem = result.problems.find((p) => p.kind === "blob");
    expect(blobProblem?.files).toEqual([`${src}/precious.bin`]);
    expect(blobProblem?.pack).toBe(fresh.index.packs[loc.pack]);
    await expect(restic(repoDir, "check", "--read-data")).rejects.toThrow();
  }, 60_000);

  it("keeps the snapshots a policy names, prunes, and stays clean for restic", async () => {
    const src = path.join(work, "src4");
    const repoDir = path.join(work, "repo-prune");
    await fsp.mkdir(src);
    await Repository.init(repoDir, PASSWORD, { scryptN: 1 << 14 });
    let last = "";
    // each revision adds a file that stays and one the next revision removes: after forgetting
    // the old revisions their packs are partly used
    for (let i = 0; i < 4; i++) {
      await fsp.writeFile(path.join(src, `stays-${i}.bin`), crypto.randomBytes(300 * 1024));
      await fsp.writeFile(path.join(src, `goes-${i}.bin`), crypto.randomBytes(300 * 1024));
      if (i > 0) await fsp.rm(path.join(src, `goes-${i - 1}.bin`));
      last = (await backup(await Repository.open(repoDir, PASSWORD), { paths: [src] })).snapshotId;
    }
    const state = await treeState(src);
    const before = await fresh(repoDir).then((r) => r.listPacks());
    // a threshold nobody reaches: packs only partly unused stay as they are
    const f = await forget(await fresh(repoDir), { last: 1 });
    expect(f.kept).toEqual([last]);
    expect(f.removed).toHaveLength(3);
    const lazy = await prune(await fresh(repoDir), { maxUnusedFraction: 100 });
    expect(lazy.repacked).toBe(false);
    await restic(repoDir, "check", "--read-data");
    // now repack everything reclaimable
    const eager = await prune(await fresh(repoDir), { maxUnusedFraction: 0 });
    expect(lazy.unusedBytesKept).toBeGreaterThan(3 * 300 * 1024);
    expect(eager.repacked).toBe(true);
    expect(eager.packsRepacked).toBeGreaterThanOrEqual(3);
    const after = await (await fresh(repoDir)).listPacks();
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(sum(after)).toBeLessThan(sum(before) - 3 * 300 * 1024);
    await restic(repoDir, "check", "--read-data");
    const target = path.join(work, "after-prune");
    await restic(repoDir, "restore", "latest", "--target", target);
    expect(await treeState(path.join(target, src))).toEqual(state);
    expect((await check(await fresh(repoDir), { readData: true })).problems).toEqual([]);
  }, 60_000);
});

function fresh(repoDir: string) {
  return Repository.open(repoDir, PASSWORD);
}

function runChild(
  repoDir: string,
  src: string,
  crashAt: string,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(pkgDir, "src", "testing", "crash-child.ts"), repoDir, src, crashAt],
      {
        cwd: pkgDir,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, out }));
  });
}

describe("a backup killed mid-run", () => {
  it("leaves a repository restic checks clean, and the next run completes it", async () => {
    const src = path.join(work, "src-crash");
    const repoDir = path.join(work, "repo-crash");
    await makeSource(src, false);
    for (let i = 0; i < 6; i++)
      await fsp.writeFile(path.join(src, `part-${i}.bin`), crypto.randomBytes(600 * 1024 + i * 4096));
    await Repository.init(repoDir, PASSWORD, { scryptN: 1 << 14 });
    // one full run to count the write steps (packs, indexes, snapshot; written and renamed)
    const probe = await fsp.mkdtemp(path.join(work, "probe-"));
    await fsp.cp(repoDir, probe, { recursive: true });
    const full = await runChild(probe, src, "");
    expect(full.code, full.out).toBe(0);
    const steps = full.out.split("\n").filter((l) => l.startsWith("step "));
    expect(steps.filter((s) => s.includes(" renamed data ")).length).toBeGreaterThanOrEqual(3);
    expect(steps.filter((s) => s.includes(" renamed index ")).length).toBeGreaterThanOrEqual(2);
    expect(steps.at(-1)).toMatch(/renamed snapshots 1$/);
    // crash points across pack, index and snapshot writes, before and after their renames; each
    // time restic finds the repository clean and a rerun completes it
    const points = [
      "written:data:1",
      "renamed:data:1",
      "written:index:1",
      "renamed:index:1",
      "renamed:data:3",
      "written:index:2",
      "renamed:index:2",
      "written:snapshots:1",
    ];
    const state = await treeState(src);
    for (const at of points) {
      const copy = await fsp.mkdtemp(path.join(work, `crash-${at.replace(/:/g, "-")}-`));
      await fsp.cp(repoDir, copy, { recursive: true });
      const killed = await runChild(copy, src, at);
      expect(killed.signal, killed.out).toBe("SIGKILL");
      // the killed run's lock stays behind (as after a killed restic), so restic checks without
      // locking; the next run removes the stale lock itself
      await restic(copy, "--no-lock", "check");
      const done = await runChild(copy, src, "");
      expect(done.code, done.out).toBe(0);
      expect(await fsp.readdir(path.join(copy, "locks"))).toEqual([]);
      await restic(copy, "check", ...(at === points.at(-1) ? ["--read-data"] : []));
      if (at === points[Math.floor(points.length / 2)]) {
        const target = path.join(work, `after-crash-${at}`);
        await restic(copy, "restore", "latest", "--target", target);
        expect(await treeState(path.join(target, src))).toEqual(state);
      }
      await fsp.rm(copy, { recursive: true, force: true });
    }
  }, 240_000);
});
