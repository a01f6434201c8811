import { agent as proto } from "@steward/contracts";
import { JobJournal } from "./journal.js";
import { runScript, type ScriptRun } from "./run-script.js";
import { verifyCommand } from "./verify.js";
import { sendWakeOnLan, type WakeTarget } from "./wake-on-lan.js";

/**
 * How long an acknowledged job is remembered: longer than any command's validity window (the
 * server signs commands for 10 minutes), with room for clock skew. A command signed before the
 * job finished is refused as expired after that, and a finished job is never sent again.
 */
const DONE_MEMORY_MS = 30 * 60_000;

export interface JobManagerOptions {
  dataDir: string;
  agentId: number;
  serverPublicKey: string;
  /** Sends to the server; false when offline (results stay in the journal and go on reconnect). */
  send(message: proto.AgentToServer): boolean;
  log?(message: string): void;
  now?(): number;
}

/** Receives signed commands, runs them at most once per attempt, and delivers their results. */
export class JobManager {
  private readonly journal: JobJournal;
  private readonly running = new Map<string, ScriptRun>();
  /** Commands verified but waiting for a free slot (not journaled yet: a crash loses nothing). */
  private readonly waiting: proto.CommandEnvelope[] = [];
  private readonly maxConcurrent = Math.max(1, Number(process.env.STEWARD_AGENT_MAX_JOBS ?? 8));
  private readonly pendingOutput = new Map<string, { attempt: number; stdout: string; stderr: string }>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: JobManagerOptions) {
    this.journal = new JobJournal(options.dataDir);
  }

  private key(jobUid: string, attempt: number) {
    return `${jobUid}#${attempt}`;
  }

  /** After (re)connecting: resend unacknowledged results; jobs interrupted by a crash are reported as unknown. */
  onConnected(): void {
    for (const record of this.journal.all()) {
      if (record.state === "finished") {
        this.options.send(record.result);
      } else if (!this.running.has(this.key(record.jobUid, record.attempt))) {
        this.finish({
          type: "job-result",
          jobUid: record.jobUid,
          attempt: record.attempt,
          outcome: "UNKNOWN",
          exitCode: null,
          stdout: "",
          stderr: "",
          truncated: false,
          errorMessage:
            "The agent stopped while the job was running; its outcome is unknown. It was not run again.",
        });
      }
    }
  }

  onAck(jobUid: string, attempt: number): void {
    const record = this.journal.get(jobUid, attempt);
    const now = this.options.now?.() ?? Date.now();
    if (record?.state === "finished") this.journal.forget(jobUid, attempt, now + DONE_MEMORY_MS);
  }

  handleCommand(message: Extract<proto.ServerToAgent, { type: "command" }>): void {
    const { envelope, signature } = message;
    const refusal = verifyCommand(envelope, signature, {
      serverPublicKey: this.options.serverPublicKey,
      agentId: this.options.agentId,
      now: this.options.now?.() ?? Date.now(),
      seen: (nonce) => this.journal.seenNonce(nonce),
    });
    if (refusal) {
      this.options.log?.(`refused command for job ${envelope.jobUid}: ${refusal}`);
      this.options.send({ type: "command-refused", jobUid: envelope.jobUid, reason: refusal });
      return;
    }
    this.journal.rememberNonce(envelope.nonce, envelope.notAfter);
    switch (envelope.kind) {
      case "run-script":
        this.enqueue(envelope);
        break;
      case "cancel":
        this.cancel(envelope);
        break;
      case "wake-on-lan":
        void this.wake(envelope);
        break;
      default: {
        const exhaustive: never = envelope.kind;
        void exhaustive;
      }
    }
  }

  private enqueue(envelope: proto.CommandEnvelope): void {
    if (this.waiting.some((w) => w.jobUid === envelope.jobUid && w.attempt === envelope.attempt)) return;
    this.waiting.push(envelope);
    this.pump();
  }

  private pump(): void {
    while (this.running.size < this.maxConcurrent && this.waiting.length > 0)
      this.start(this.waiting.shift()!);
  }

  private start(envelope: proto.CommandEnvelope): void {
    if (this.journal.wasDone(envelope.jobUid, envelope.attempt)) {
      // A copy signed before the job finished, delivered again after a reconnect.
      this.options.log?.(`job ${envelope.jobUid} attempt ${envelope.attempt} already ran; not run again`);
      return;
    }
    const existing = this.journal.get(envelope.jobUid, envelope.attempt);
    if (existing) {
      // Delivered again (server restart, reconnect): never run twice.
      if (existing.state === "finished") this.options.send(existing.result);
      else if (!this.running.has(this.key(envelope.jobUid, envelope.attempt))) this.onConnected();
      return;
    }
    const parsed = proto.runScriptPayload.safeParse(envelope.payload);
    if (!parsed.success) {
      this.options.send({ type: "command-refused", jobUid: envelope.jobUid, reason: "invalid" });
      return;
    }
    this.journal.started(envelope.jobUid, envelope.attempt);
    this.options.send({ type: "job-started", jobUid: envelope.jobUid, attempt: envelope.attempt });
    const k = this.key(envelope.jobUid, envelope.attempt);
    const run = runScript(parsed.data, (stream, chunk) =>
      this.output(envelope.jobUid, envelope.attempt, stream, chunk),
    );
    this.running.set(k, run);
    void run.done.then((r) => {
      this.running.delete(k);
      this.pump();
      this.flush();
      this.finish({
        type: "job-result",
        jobUid: envelope.jobUid,
        attempt: envelope.attempt,
        outcome: r.cancelled ? "CANCELLED" : r.exitCode === 0 && !r.errorMessage ? "SUCCESS" : "FAILURE",
        exitCode: r.exitCode,
        stdout: r.stdout,
        stderr: r.stderr,
        truncated: r.truncated,
        errorMessage: r.errorMessage,
      });
    });
  }

  private async wake(envelope: proto.CommandEnvelope): Promise<void> {
    const targets = (envelope.payload as { targets?: WakeTarget[] }).targets ?? [];
    let errorMessage: string | null = null;
    let sent = 0;
    try {
      sent = await sendWakeOnLan(targets.slice(0, 32));
    } catch (err) {
      errorMessage = `Could not send the wake-on-LAN packet: ${(err as Error).message}`;
    }
    this.options.send({
      type: "job-result",
      jobUid: envelope.jobUid,
      attempt: envelope.attempt,
      outcome: errorMessage ? "FAILURE" : "SUCCESS",
      exitCode: null,
      stdout: `sent ${sent} magic packet(s)\n`,
      stderr: "",
      truncated: false,
      errorMessage,
    });
  }

  private cancel(envelope: proto.CommandEnvelope): void {
    const target = envelope.payload as { jobUid?: unknown; attempt?: unknown };
    const run =
      typeof target.jobUid === "string"
        ? this.running.get(this.key(target.jobUid, Number(target.attempt)))
        : undefined;
    run?.cancel();
  }

  private finish(result: proto.JobResultMessage): void {
    this.journal.finished(result);
    this.options.send(result);
  }

  private output(jobUid: string, attempt: number, stream: "stdout" | "stderr", chunk: string): void {
    const entry = this.pendingOutput.get(jobUid) ?? { attempt, stdout: "", stderr: "" };
    entry[stream] += chunk;
    this.pendingOutput.set(jobUid, entry);
    this.flushTimer ??= setTimeout(() => this.flush(), 250);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [jobUid, entry] of this.pendingOutput) {
      for (const stream of ["stdout", "stderr"] as const) {
        for (let i = 0; i < entry[stream].length; i += 60_000) {
          this.options.send({
            type: "job-output",
            jobUid,
            attempt: entry.attempt,
            stream,
            chunk: entry[stream].slice(i, i + 60_000),
          });
        }
      }
    }
    this.pendingOutput.clear();
  }

  stopAll(): void {
    for (const run of this.running.values()) run.cancel();
  }
}
