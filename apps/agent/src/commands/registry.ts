import type { agent as proto } from "@steward/contracts";

/** What a handler gets besides its checked payload. */
export interface AgentCommandContext {
  agentId: number;
  jobUid: string;
  attempt: number;
  /** The agent's data folder (its identity, journal and state). */
  dataDir: string;
  /** Streams output to the console while a job runs. */
  output(stream: "stdout" | "stderr", chunk: string): void;
  /** Opens a secret sealed to this agent for this command; throws when it cannot. */
  openSecret(sealed: proto.SealedSecret): string;
  /** Stops a running job of this agent (control commands). */
  cancelJob(jobUid: string, attempt: number): void;
  log(message: string): void;
}

/** A handler's outcome; the manager turns it into the job-result message. */
export interface AgentCommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  errorMessage: string | null;
  cancelled?: boolean;
  /** The kind's result data (its contract's result schema). */
  data?: Record<string, unknown>;
}

export interface AgentCommandRun {
  /** null: the command reports no result (e.g. cancel). */
  done: Promise<AgentCommandResult | null>;
  cancel?(): void;
}

export interface AgentCommandHandler<C extends proto.CommandKind = proto.CommandKind> {
  /** The kind's contract, from packages/contracts/src/agent/commands. */
  contract: C;
  run(payload: proto.CommandPayload<C>, ctx: AgentCommandContext): AgentCommandRun;
}

/** Declares a handler with its payload typed from the contract. */
export function agentCommand<C extends proto.CommandKind>(
  contract: C,
  run: (payload: proto.CommandPayload<C>, ctx: AgentCommandContext) => AgentCommandRun,
): AgentCommandHandler {
  return { contract, run } as AgentCommandHandler;
}

/**
 * The agent's command kinds: one handler per kind. The job manager verifies a command, looks
 * its kind up here, checks the payload with the kind's contract and hands it over; a kind with
 * no handler is refused as "unsupported".
 */
export class AgentCommandRegistry {
  private readonly handlers = new Map<string, AgentCommandHandler>();

  constructor(handlers: AgentCommandHandler[] = []) {
    for (const h of handlers) this.register(h);
  }

  register(handler: AgentCommandHandler): this {
    if (this.handlers.has(handler.contract.kind))
      throw new Error(`command kind "${handler.contract.kind}" is registered twice`);
    this.handlers.set(handler.contract.kind, handler);
    return this;
  }

  get(kind: string): AgentCommandHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }
}
