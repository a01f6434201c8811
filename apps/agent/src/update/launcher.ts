import { spawn, type ChildProcess } from "node:child_process";
import {
  entryFor,
  expireTrial,
  readCurrent,
  readUpdateState,
  rollBack,
  RESTART_FOR_UPDATE_EXIT_CODE,
} from "./layout.js";

export interface LauncherOptions {
  installDir: string;
  /** Arguments after the entry, e.g. ["run", "--data-dir", dir]. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** How the bundle is started (the Node.js running the launcher). */
  nodePath?: string;
  log?: (message: string) => void;
  /** How often the trial is looked at while a new version runs. */
  pollMs?: number;
  /** Pause before starting again after an ordinary exit. */
  restartDelayMs?: number;
  now?: () => Date;
}

/**
 * Keeps the agent of `current` running (the service manager runs the launcher). While a swapped-in
 * version is on trial it watches the deadline: if the version exits or the deadline passes before
 * the version reported healthy, the previous version is restored and started, and the rollback is
 * left in the update state for the agent to report on its next connection.
 */
export class Launcher {
  private child: ChildProcess | undefined;
  private stopped = false;
  private readonly log: (m: string) => void;
  private readonly now: () => Date;

  constructor(private readonly opts: LauncherOptions) {
    this.log = opts.log ?? ((m) => process.stdout.write(`${new Date().toISOString()} launcher: ${m}\n`));
    this.now = opts.now ?? (() => new Date());
  }

  async run(): Promise<void> {
    while (!this.stopped) {
      const expired = expireTrial(this.opts.installDir, this.now());
      if (expired) this.log(`rolled back ${expired.from} to ${expired.to}: ${expired.reason}`);
      const version = readCurrent(this.opts.installDir);
      const entry = version ? entryFor(this.opts.installDir, version) : undefined;
      if (!version || !entry) {
        const trial = readUpdateState(this.opts.installDir).trial;
        if (trial && version === trial.to) {
          rollBack(this.opts.installDir, `Version ${trial.to} is missing its files.`, this.now());
          continue;
        }
        throw new Error(`No runnable version in ${this.opts.installDir}.`);
      }
      const { code, trialFailed } = await this.runOnce(version, entry);
      if (this.stopped) break;
      if (trialFailed) {
        const r = rollBack(this.opts.installDir, trialFailed, this.now());
        if (r) this.log(`rolled back ${r.from} to ${r.to}: ${r.reason}`);
        continue;
      }
      if (code === RESTART_FOR_UPDATE_EXIT_CODE) continue;
      await new Promise((r) => setTimeout(r, this.opts.restartDelayMs ?? 5000));
    }
  }

  stop(): void {
    this.stopped = true;
    this.child?.kill("SIGTERM");
  }

  private runOnce(
    version: string,
    entry: { file: string; kind: "binary" | "bundle" },
  ): Promise<{ code: number | null; trialFailed?: string }> {
    const [cmd, args] =
      entry.kind === "bundle"
        ? [this.opts.nodePath ?? process.execPath, [entry.file, ...this.opts.args]]
        : [entry.file, this.opts.args];
    this.log(`starting version ${version}`);
    const child = spawn(cmd, args, {
      env: { ...(this.opts.env ?? process.env), STEWARD_AGENT_INSTALL_DIR: this.opts.installDir },
      stdio: ["ignore", "inherit", "inherit"],
    });
    this.child = child;
    return new Promise((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (result: { code: number | null; trialFailed?: string }) => {
        if (settled) return;
        settled = true;
        if (timer) clearInterval(timer);
        resolve(result);
      };
      const onTrial = () => readUpdateState(this.opts.installDir).trial?.to === version;
      child.once("exit", (code, signal) => {
        if (onTrial() && !this.stopped)
          finish({
            code,
            trialFailed: `Version ${version} exited (${signal ?? `code ${code}`}) before passing its health check.`,
          });
        else finish({ code });
      });
      child.once("error", (err) =>
        finish(
          onTrial()
            ? { code: null, trialFailed: `Version ${version} could not start: ${err.message}` }
            : { code: null },
        ),
      );
      if (onTrial()) {
        timer = setInterval(() => {
          const trial = readUpdateState(this.opts.installDir).trial;
          if (!trial || trial.to !== version) {
            if (timer) clearInterval(timer);
            timer = undefined;
            return;
          }
          if (this.now().getTime() > Date.parse(trial.deadline)) {
            const seconds = Math.round((Date.parse(trial.deadline) - Date.parse(trial.startedAt)) / 1000);
            const reason = `Version ${version} did not reconnect and pass its health check within ${seconds} seconds.`;
            child.removeAllListeners("exit");
            child.once("exit", (code) => finish({ code, trialFailed: reason }));
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 5000).unref();
          }
        }, this.opts.pollMs ?? 500);
      }
    });
  }
}
