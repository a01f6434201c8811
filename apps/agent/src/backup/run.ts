import { agent as proto } from "@steward/contracts";
import type { AgentCommandContext, AgentCommandResult, AgentCommandRun } from "../commands/registry.js";
import { listRevision, loadEngine, openOrInit, sizeOf } from "./engine.js";
import type { BackupKeyStore } from "./keys.js";
import { progressReporter } from "./progress.js";

const failed = (errorMessage: string, stdout = ""): AgentCommandResult => ({
  exitCode: 1,
  stdout,
  stderr: "",
  truncated: false,
  errorMessage,
});

/** Runs a command body with a cancel switch; a cancelled run reports itself as such. */
function cancellable(body: (signal: AbortSignal) => Promise<AgentCommandResult>): AgentCommandRun {
  const abort = new AbortController();
  const done = body(abort.signal).catch((err: unknown) =>
    abort.signal.aborted
      ? { ...failed("Cancelled"), cancelled: true }
      : failed(err instanceof Error ? err.message : String(err)),
  );
  return { done, cancel: () => abort.abort() };
}

/**
 * Backs a plan up into its repository (made with a new key on the first run), applies the
 * plan's retention, and reports the new revision with its file list.
 */
export function runBackup(
  payload: proto.BackupRunPayload,
  ctx: Pick<AgentCommandContext, "output">,
  keys: BackupKeyStore,
): AgentCommandRun {
  return cancellable(async (signal) => {
    const engine = await loadEngine();
    const { key } = keys.getOrCreate(payload.repository);
    const repo = await openOrInit(engine, payload.repository, key);
    const excluded = engine.compileExcludes(payload.excludePatterns);
    const totalBytes = await sizeOf(payload.includePaths, excluded);
    const progress = progressReporter((line) => ctx.output("stdout", line), { totalBytes });
    progress.update(0, 0);
    const result = await engine.backup(repo, {
      paths: payload.includePaths,
      excludes: payload.excludePatterns,
      tags: [`plan:${payload.planId}`],
      signal,
      onProgress: (p) => progress.update(p.files, p.bytesRead),
    });
    progress.done(result.stats.files, result.stats.bytesRead);
    const r = payload.retention;
    // A plan that keeps nothing of any kind keeps everything (retention switched off).
    const forgotten =
      r.keepLast + r.keepDaily + r.keepWeekly + r.keepMonthly > 0
        ? (
            await engine.forget(repo, {
              last: r.keepLast,
              daily: r.keepDaily,
              weekly: r.keepWeekly,
              monthly: r.keepMonthly,
            })
          ).removed
        : [];
    const listing = await listRevision(engine, repo, result.snapshot.tree);
    const data: proto.BackupRunResult = {
      snapshotId: result.snapshotId,
      time: result.snapshot.time,
      files: result.stats.files,
      bytes: result.stats.bytesRead,
      bytesAdded: result.stats.bytesAdded,
      entries: listing.entries,
      entriesTruncated: listing.truncated,
      forgotten,
    };
    const problems = result.stats.errors.map((e) => `${e.path}: ${e.message}`).join("\n");
    return {
      exitCode: 0,
      stdout: progress.lastLine(),
      stderr: problems,
      truncated: false,
      errorMessage: null,
      data,
    };
  });
}

const ENGINE_COLLISION = { skip: "skip", overwrite: "overwrite", keepBoth: "rename" } as const;

/** Restores files and folders of a revision with the chosen collision handling. */
export function runRestore(
  payload: proto.BackupRestorePayload,
  ctx: Pick<AgentCommandContext, "output">,
  keys: BackupKeyStore,
): AgentCommandRun {
  return cancellable(async (signal) => {
    const key = keys.get(payload.repository);
    if (key === undefined) return failed("This device holds no key for the plan's repository.");
    const engine = await loadEngine();
    const repo = await engine.Repository.open(payload.repository, key);
    const progress = progressReporter((line) => ctx.output("stdout", line), { totalBytes: null });
    const result = await engine.restore(repo, {
      snapshot: payload.snapshotId,
      ...(payload.destinationPath !== null ? { target: payload.destinationPath } : {}),
      include: payload.paths,
      collision: ENGINE_COLLISION[payload.collisionHandling],
      permissions: payload.restorePermissions,
      signal,
      onProgress: (p) => progress.update(p.files, p.bytes),
    });
    progress.done(result.files, result.bytes);
    const data: proto.BackupRestoreResult = {
      files: result.files,
      bytes: result.bytes,
      skipped: result.skipped.length,
      renamed: result.renamed.length,
    };
    const problems = result.errors.map((e) => `${e.path}: ${e.message}`).join("\n");
    return {
      exitCode: problems ? 1 : 0,
      stdout: progress.lastLine(),
      stderr: problems,
      truncated: false,
      errorMessage: problems ? "Some files could not be restored." : null,
      data,
    };
  });
}
