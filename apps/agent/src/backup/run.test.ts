import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { BACKUP_KEYS_FILE, BackupKeyStore } from "./keys.js";
import { runBackup, runRestore } from "./run.js";

let root: string;
let keys: BackupKeyStore;
const output: string[] = [];
const ctx = { output: (_stream: "stdout" | "stderr", chunk: string) => void output.push(chunk) };

const plan = (): proto.BackupRunPayload => ({
  planId: "docs",
  planName: "Documents",
  includePaths: [path.join(root, "docs")],
  excludePatterns: ["*.tmp"],
  retention: { keepLast: 2, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 },
  repository: path.join(root, "repo"),
});

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "agent-backup-"));
  await fs.mkdir(path.join(root, "docs", "sub"), { recursive: true });
  await fs.mkdir(path.join(root, "data"));
  await fs.writeFile(path.join(root, "docs", "a.txt"), "alpha");
  await fs.writeFile(path.join(root, "docs", "sub", "b.txt"), "bravo".repeat(1000));
  await fs.writeFile(path.join(root, "docs", "skip.tmp"), "scratch");
  keys = new BackupKeyStore(path.join(root, "data"));
});
afterAll(async () => fs.rm(root, { recursive: true, force: true }));

async function backupOnce(): Promise<proto.BackupRunResult> {
  const result = await runBackup(plan(), ctx, keys).done;
  expect(result?.errorMessage).toBeNull();
  return proto.backupRunResult.parse(result?.data);
}

describe("backup and restore on the agent", () => {
  let first: proto.BackupRunResult;

  it("backs a plan up, reports progress and the revision's file list without excluded files", async () => {
    const result = await runBackup(plan(), ctx, keys).done;
    first = proto.backupRunResult.parse(result?.data);
    const docs = path.join(root, "docs");
    expect(first.entries.map((e) => e.path)).toEqual(
      expect.arrayContaining([`${docs}/a.txt`, `${docs}/sub`, `${docs}/sub/b.txt`]),
    );
    expect(first.entries.some((e) => e.path.endsWith("skip.tmp"))).toBe(false);
    expect(first.files).toBe(2);
    const last = proto.lastBackupProgress(output.join(""));
    expect(last).toMatchObject({ files: 2, bytes: 5005, totalBytes: 5005 });
    // The result's output (which replaces what streamed) keeps the final counts.
    expect(proto.lastBackupProgress(result?.stdout ?? "")).toEqual(last);
  });

  it("keeps the repository key owner-only in the data folder and never prints it", async () => {
    const file = path.join(root, "data", BACKUP_KEYS_FILE);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const key = keys.get(plan().repository)!;
    expect(key.length).toBeGreaterThan(20);
    expect(output.join("")).not.toContain(key);
  });

  it("restores a deleted file to its original location", async () => {
    const a = path.join(root, "docs", "a.txt");
    await fs.rm(a);
    const payload: proto.BackupRestorePayload = {
      repository: plan().repository,
      snapshotId: first.snapshotId,
      paths: [a],
      destinationPath: null,
      collisionHandling: "skip",
      restorePermissions: true,
    };
    const result = await runRestore(payload, ctx, keys).done;
    expect(result?.data).toMatchObject({ files: 1, skipped: 0 });
    expect(await fs.readFile(a, "utf8")).toBe("alpha");
  });

  it("skips, overwrites or keeps both when the file exists", async () => {
    const a = path.join(root, "docs", "a.txt");
    await fs.writeFile(a, "changed");
    const restore = (collisionHandling: proto.BackupRestorePayload["collisionHandling"]) =>
      runRestore(
        {
          repository: plan().repository,
          snapshotId: first.snapshotId,
          paths: [a],
          destinationPath: null,
          collisionHandling,
          restorePermissions: false,
        },
        ctx,
        keys,
      ).done;
    expect((await restore("skip"))?.data).toMatchObject({ skipped: 1 });
    expect(await fs.readFile(a, "utf8")).toBe("changed");
    expect((await restore("keepBoth"))?.data).toMatchObject({ renamed: 1 });
    expect(await fs.readFile(a, "utf8")).toBe("changed");
    expect(await fs.readFile(path.join(root, "docs", "a (1).txt"), "utf8")).toBe("alpha");
    await restore("overwrite");
    expect(await fs.readFile(a, "utf8")).toBe("alpha");
  });

  it("restores into another folder", async () => {
    const other = path.join(root, "elsewhere");
    const result = await runRestore(
      {
        repository: plan().repository,
        snapshotId: first.snapshotId,
        paths: [],
        destinationPath: other,
        collisionHandling: "skip",
        restorePermissions: true,
      },
      ctx,
      keys,
    ).done;
    expect(result?.data).toMatchObject({ files: 2 });
    expect(await fs.readFile(path.join(other, root, "docs", "sub", "b.txt"), "utf8")).toBe(
      "bravo".repeat(1000),
    );
  });

  it("applies the plan's retention: keep the last 2", async () => {
    await backupOnce();
    const third = await backupOnce();
    expect(third.forgotten).toEqual([first.snapshotId]);
  });
});
