import { agent as proto } from "@steward/contracts";
import {
  defaultAgentCommands,
  openSealedSecret,
  type AgentCommandContext,
  type AgentCommandHandler,
  type AgentCommandRegistry,
  type AgentCommandResult,
  type AgentCommandRun,
} from "../commands/index.js";
import { JobJournal } from "./journal.js";
import { verifyCommand } from "./verify.js";

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
  /** The agent's X25519 key pair: opens secrets sealed to it inside commands. */
  encryption?: { privateKeyPem: string; publicKey: string };
  /** The command kinds this agent runs (default: every built-in kind). */
  commands?: AgentCommandRegistry;
  log?(message: string): void;
  now?(): number;
}

/** Receives signed commands, runs them at most once per attempt, and delivers their results. */
export class JobManager {
  private readonly journal: JobJournal;
  private readonly running = new Map<string, AgentCommandRun>();
  private readonly commands: AgentCommandRegistry;
  /** Commands verified but waiting for a free slot (not journaled yet: a crash loses nothing). */
  private readonly waiting: proto.CommandEnvelope[] = [];
  private readonly maxConcurrent = Math.max(1, Number(process.env.STEWARD_AGENT_MAX_JOBS ?? 8));
  private readonly pendingOutput = new Map<string, { attempt: number; stdout: string; stderr: string }>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: JobManagerOptions) {
    this.journal = new JobJournal(options.dataDir);
    this.commands = options.commands ?? defaultAgentCommands();
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
    const handler = this.commands.get(envelope.kind);
    if (!handler) {
      this.options.log?.(`refused command for job ${envelope.jobUid}: no handler for "${envelope.kind}"`);
      this.options.send({ type: "command-refused", jobUid: envelope.jobUid, reason: "unsupported" });
      return;
    }
    if (handler.contract.mode === "job") this.enqueue(envelope);
    else this.control(handler, envelope);
  }

  private context(envelope: proto.CommandEnvelope): AgentCommandContext {
    const target = { agentId: this.options.agentId, jobUid: envelope.jobUid, attempt: envelope.attempt };
    return {
      ...target,
      dataDir: this.options.dataDir,
      output: (stream, chunk) => this.output(envelope.jobUid, envelope.attempt, stream, chunk),
      openSecret: (sealed) => {
        if (!this.options.encryption) throw new Error("this agent has no encryption key");
        return openSealedSecret(sealed, this.options.encryption, target);
      },
      cancelJob: (jobUid, attempt) => this.running.get(this.key(jobUid, attempt))?.cancel?.(),
      log: (message) => this.options.log?.(message),
    };
  }

  private resultMessage(envelope: proto.CommandEnvelope, r: AgentCommandResult): proto.JobResultMessage {
    return {
      type: "job-result",
      jobUid: envelope.jobUid,
      attempt: envelope.attempt,
      outcome: r.cancelled ? "CANCELLED" : r.exitCode === 0 && !r.errorMessage ? "SUCCESS" : "FAILURE",
      exitCode: r.exitCode,
      stdout: r.stdout,
      stderr: r.stderr,
      truncated: r.truncated,
      errorMessage: r.errorMessage,
      kind: envelope.kind,
      ...(r.data ? { data: r.data } : {}),
    };
  }

  /** Control commands (cancel, wake-on-LAN) act at once: not journaled, their result (if any) sent as is. */
  private control(handler: AgentCommandHandler, envelope: proto.CommandEnvelope): void {
    const parsed = handler.contract.payload.safeParse(envelope.payload);
    if (!parsed.success) {
      this.options.send({ type: "command-refused", jobUid: envelope.jobUid, reason: "invalid" });
      return;
    }
    const run = handler.run(parsed.data, this.context(envelope));
    void run.done.then(
      (r) => {
        if (!r) return;
        const message = this.resultMessage(envelope, r);
        // A control result has no exit code: no error means it did what it was asked.
        if (!r.errorMessage && r.exitCode === null && !r.cancelled) message.outcome = "SUCCESS";
        this.options.send(message);
      },
      (err: unknown) => this.options.log?.(`command ${envelope.kind} failed: ${(err as Error).message}`),
    );
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
    const handler = this.commands.get(envelope.kind);
    const parsed = handler?.contract.payload.safeParse(envelope.payload);
    if (!handler || !parsed?.success) {
      this.options.send({ type: "command-refused", jobUid: envelope.jobUid, reason: "invalid" });
      return;
    }
    this.journal.started(envelope.jobUid, envelope.attempt);
    this.options.send({ type: "job-started", jobUid: envelope.jobUid, attempt: envelope.attempt });
    const k = this.key(envelope.jobUid, envelope.attempt);
    let run: AgentCommandRun;
    try {
      run = handler.run(parsed.data, this.context(envelope));
    } catch (err) {
      run = {
        done: Promise.resolve({
          exitCode: null,
          stdout: "",
          stderr: "",
          truncated: false,
          errorMessage: `The agent could not start the command: ${(err as Error).message}`,
        }),
      };
    }
    this.running.set(k, run);
    const settle = (r: AgentCommandResult | null) => {
      this.running.delete(k);
      this.pump();
      this.flush();
      this.finish(
        this.resultMessage(
          envelope,
          r ?? { exitCode: null, stdout: "", stderr: "", truncated: false, errorMessage: null },
        ),
      );
    };
    void run.done.then(settle, (err: unknown) =>
      settle({
        exitCode: null,
        stdout: "",
        stderr: "",
        truncated: false,
        errorMessage: `The command failed on the agent: ${(err as Error).message}`,
      }),
    );
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
    for (const run of this.running.values()) run.cancel?.();
  }
}
