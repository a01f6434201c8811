import fs from "node:fs";
import path from "node:path";

/**
 * The installed layout that lets an update be swapped in and rolled back:
 *
 *   <install>/versions/<version>/steward-agent[.exe]   a single-executable build, or
 *   <install>/versions/<version>/steward-agent.mjs     the JavaScript bundle (run with Node.js)
 *   <install>/current                                  the version that runs, one line
 *   <install>/update-state.json                        a trial in progress, or a rollback not yet reported
 *
 * `current` is replaced by writing a temporary file and renaming it over the old one, so a crash
 * leaves either the old or the new pointer, never half of one.
 */

export const CURRENT_FILE = "current";
export const STATE_FILE = "update-state.json";
/** The exit code with which an agent asks its launcher to start the version `current` now names. */
export const RESTART_FOR_UPDATE_EXIT_CODE = 75;

export interface UpdateTrial {
  from: string;
  to: string;
  startedAt: string;
  /** The new version must report healthy before this time, or the previous one is restored. */
  deadline: string;
  rolloutId?: number | undefined;
}

export interface RollbackReport {
  from: string;
  to: string;
  reason: string;
  at: string;
  rolloutId?: number | undefined;
}

export interface UpdateState {
  trial?: UpdateTrial | undefined;
  /** A rollback the agent has not yet reported to the server. */
  rollback?: RollbackReport | undefined;
  /** The version that last passed its health check after a swap, kept until reported. */
  installed?: { version: string; at: string; rolloutId?: number | undefined } | undefined;
}

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/;

export function assertVersionName(version: string): void {
  if (!VERSION_PATTERN.test(version) || version.includes(".."))
    throw new Error(`"${version}" is not a usable version name.`);
}

export function versionDir(installDir: string, version: string): string {
  assertVersionName(version);
  return path.join(installDir, "versions", version);
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o644);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function readCurrent(installDir: string): string | undefined {
  try {
    const v = fs.readFileSync(path.join(installDir, CURRENT_FILE), "utf8").trim();
    return v === "" ? undefined : v;
  } catch {
    return undefined;
  }
}

export function setCurrent(installDir: string, version: string): void {
  if (!fs.existsSync(versionDir(installDir, version)))
    throw new Error(`Version ${version} is not installed.`);
  writeAtomically(path.join(installDir, CURRENT_FILE), `${version}\n`);
}

export function readUpdateState(installDir: string): UpdateState {
  try {
    return JSON.parse(fs.readFileSync(path.join(installDir, STATE_FILE), "utf8")) as UpdateState;
  } catch {
    return {};
  }
}

export function writeUpdateState(installDir: string, state: UpdateState): void {
  writeAtomically(path.join(installDir, STATE_FILE), JSON.stringify(state));
}

/** The file to start for a version: the single executable if there is one, else the bundle. */
export function entryFor(
  installDir: string,
  version: string,
): { file: string; kind: "binary" | "bundle" } | undefined {
  const dir = versionDir(installDir, version);
  for (const name of ["steward-agent.exe", "steward-agent"]) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return { file, kind: "binary" };
  }
  const bundle = path.join(dir, "steward-agent.mjs");
  return fs.existsSync(bundle) ? { file: bundle, kind: "bundle" } : undefined;
}

/**
 * Installs a verified artifact as a version: written into a temporary folder, then renamed into
 * place, so a half-written version never exists under its name.
 */
export function stageVersion(
  installDir: string,
  version: string,
  artifactFile: string,
  kind: "binary" | "bundle",
): string {
  const dir = versionDir(installDir, version);
  const tmp = `${dir}.staging-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const name =
    kind === "bundle"
      ? "steward-agent.mjs"
      : process.platform === "win32"
        ? "steward-agent.exe"
        : "steward-agent";
  fs.copyFileSync(artifactFile, path.join(tmp, name));
  fs.chmodSync(path.join(tmp, name), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return dir;
}

/**
 * Seeds the install folder with the launcher's own build: the first version of a fresh folder,
 * and the current one when the folder has never held this build (a package upgrade replaced the
 * program). A build the folder already holds leaves `current` as updates set it.
 */
export function seedInstall(
  installDir: string,
  version: string,
  file: string,
  kind: "binary" | "bundle",
): void {
  const current = readCurrent(installDir);
  if (current && entryFor(installDir, current) && entryFor(installDir, version)) return;
  stageVersion(installDir, version, file, kind);
  setCurrent(installDir, version);
}

/** Points `current` at a staged version and opens a trial the new version must pass by `deadline`. */
export function swapTo(
  installDir: string,
  version: string,
  opts: { now: Date; healthSeconds: number; rolloutId?: number | undefined },
): UpdateTrial {
  const from = readCurrent(installDir);
  if (!from) throw new Error("The install folder names no current version.");
  if (!entryFor(installDir, version)) throw new Error(`Version ${version} is not staged.`);
  const trial: UpdateTrial = {
    from,
    to: version,
    startedAt: opts.now.toISOString(),
    deadline: new Date(opts.now.getTime() + opts.healthSeconds * 1000).toISOString(),
    rolloutId: opts.rolloutId,
  };
  // The trial is recorded before the pointer moves: a crash in between leaves a trial for the
  // version that still runs, which the health check then simply closes.
  writeUpdateState(installDir, { ...readUpdateState(installDir), trial });
  setCurrent(installDir, version);
  return trial;
}

/** Called by the running agent once it reconnected and passed its health check. */
export function markHealthy(installDir: string, runningVersion: string, now: Date): boolean {
  const state = readUpdateState(installDir);
  if (!state.trial || state.trial.to !== runningVersion) return false;
  if (now.getTime() > Date.parse(state.trial.deadline)) return false;
  writeUpdateState(installDir, {
    ...state,
    trial: undefined,
    installed: { version: runningVersion, at: now.toISOString(), rolloutId: state.trial.rolloutId },
  });
  return true;
}

/** Restores the version a trial came from and records why, for the agent to report. */
export function rollBack(installDir: string, reason: string, now: Date): RollbackReport | undefined {
  const state = readUpdateState(installDir);
  const trial = state.trial;
  if (!trial) return undefined;
  const report: RollbackReport = {
    from: trial.to,
    to: trial.from,
    reason,
    at: now.toISOString(),
    rolloutId: trial.rolloutId,
  };
  setCurrent(installDir, trial.from);
  writeUpdateState(installDir, { ...state, trial: undefined, rollback: report });
  return report;
}

/** A trial whose deadline has passed without a health report is rolled back (at launcher start or while it waits). */
export function expireTrial(installDir: string, now: Date): RollbackReport | undefined {
  const { trial } = readUpdateState(installDir);
  if (!trial || now.getTime() <= Date.parse(trial.deadline)) return undefined;
  return rollBack(
    installDir,
    `Version ${trial.to} did not reconnect and pass its health check within ${Math.round(
      (Date.parse(trial.deadline) - Date.parse(trial.startedAt)) / 1000,
    )} seconds.`,
    now,
  );
}

/** Clears the reports once the server has them. */
export function clearReports(installDir: string, which: "rollback" | "installed"): void {
  const state = readUpdateState(installDir);
  if (!state[which]) return;
  writeUpdateState(installDir, { ...state, [which]: undefined });
}

/** Removes versions other than the current one and the one before it, keeping a way back. */
export function pruneVersions(installDir: string, keep: readonly string[]): void {
  const root = path.join(installDir, "versions");
  let names: string[] = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const name of names)
    if (!keep.includes(name)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
}
