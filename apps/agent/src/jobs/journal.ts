import fs from "node:fs";
import path from "node:path";
import type { agent as proto } from "@steward/contracts";

export type JobRecord =
  | { jobUid: string; attempt: number; state: "started"; startedAt: string }
  | { jobUid: string; attempt: number; state: "finished"; startedAt: string; result: proto.JobResultMessage };

function writeDurably(file: string, text: string) {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/**
 * The agent's job journal: a job is recorded as started (on disk, fsynced) before it runs and
 * as finished with its result before the result is sent; the record goes when the server
 * acknowledges. After a crash, a job found "started" is reported as outcome unknown, never re-run.
 * Also remembers command nonces until they expire, so a replayed command is refused, and the jobs
 * whose results were acknowledged, for as long as a command sent before that could still arrive
 * (a copy signed before the job finished, delivered again after a reconnect, must not run it
 * again).
 */
export class JobJournal {
  private readonly dir: string;
  private readonly nonceFile: string;
  private readonly doneFile: string;
  private nonces: Record<string, number>;
  private done: Record<string, number>;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, "jobs");
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.nonceFile = path.join(this.dir, "nonces.json");
    try {
      this.nonces = JSON.parse(fs.readFileSync(this.nonceFile, "utf8")) as Record<string, number>;
    } catch {
      this.nonces = {};
    }
    this.doneFile = path.join(this.dir, "done.json");
    try {
      this.done = JSON.parse(fs.readFileSync(this.doneFile, "utf8")) as Record<string, number>;
    } catch {
      this.done = {};
    }
  }

  private file(jobUid: string, attempt: number) {
    return path.join(this.dir, `${jobUid.replace(/[^A-Za-z0-9_-]/g, "_")}.${attempt}.json`);
  }

  seenNonce(nonce: string): boolean {
    return nonce in this.nonces;
  }

  rememberNonce(nonce: string, until: number) {
    const now = Date.now();
    for (const [n, expiry] of Object.entries(this.nonces)) if (expiry < now) delete this.nonces[n];
    this.nonces[nonce] = until;
    writeDurably(this.nonceFile, JSON.stringify(this.nonces));
  }

  get(jobUid: string, attempt: number): JobRecord | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.file(jobUid, attempt), "utf8")) as JobRecord;
    } catch {
      return undefined;
    }
  }

  started(jobUid: string, attempt: number): JobRecord {
    const record: JobRecord = { jobUid, attempt, state: "started", startedAt: new Date().toISOString() };
    writeDurably(this.file(jobUid, attempt), JSON.stringify(record));
    return record;
  }

  finished(result: proto.JobResultMessage): void {
    const previous = this.get(result.jobUid, result.attempt);
    const record: JobRecord = {
      jobUid: result.jobUid,
      attempt: result.attempt,
      state: "finished",
      startedAt: previous?.startedAt ?? new Date().toISOString(),
      result,
    };
    writeDurably(this.file(result.jobUid, result.attempt), JSON.stringify(record));
  }

  /** The result was acknowledged: the record goes, a marker stays until `until` (epoch ms). */
  forget(jobUid: string, attempt: number, until: number): void {
    const now = Date.now();
    for (const [key, expiry] of Object.entries(this.done)) if (expiry < now) delete this.done[key];
    this.done[`${jobUid}#${attempt}`] = until;
    writeDurably(this.doneFile, JSON.stringify(this.done));
    fs.rmSync(this.file(jobUid, attempt), { force: true });
  }

  /** Finished and acknowledged not long ago. */
  wasDone(jobUid: string, attempt: number): boolean {
    return (this.done[`${jobUid}#${attempt}`] ?? 0) >= Date.now();
  }

  all(): JobRecord[] {
    return fs
      .readdirSync(this.dir)
      .filter((f) => f.endsWith(".json") && f !== "nonces.json" && f !== "done.json")
      .map((f) => {
        try {
          return JSON.parse(fs.readFileSync(path.join(this.dir, f), "utf8")) as JobRecord;
        } catch {
          return undefined;
        }
      })
      .filter((r): r is JobRecord => r !== undefined);
  }
}
