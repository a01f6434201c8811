import type { agent as proto } from "@steward/contracts";
import type { Bus } from "../../../platform/bus.js";

export interface CommandTarget {
  deviceId: number;
  jobUid: string;
  attempt: number;
}

/** What a server handler may use while it builds a payload for one target agent. */
export interface BuildContext {
  target: CommandTarget;
  /** Seals a secret to the target agent's encryption key; null when its agent has none (older agents). */
  seal(secret: string): proto.SealedSecret | null;
  /** Opens what the server sealed at rest (secret box), for the context it was sealed for. */
  openAtRest(sealed: string, context: string): string;
}

/** A job row as the registry sees it (the jobs module owns the full row). */
export interface JobLike {
  jobType: string;
  content: unknown;
  data: unknown;
}

/** A payload to sign, a reason the job fails without being sent, or "not mine" (null). */
export type BuildOutcome<P> = { payload: P } | { fail: string } | null;

/** Sends a command of this kind to a connected agent (bus-driven kinds such as wake-on-LAN). */
export type SendCommand<P> = (target: CommandTarget, payload: P) => boolean;

export interface ServerCommandHandler<C extends proto.CommandKind = proto.CommandKind> {
  /** The kind's contract, from packages/contracts/src/agent/commands. */
  contract: C;
  /** Builds the payload of a job row this kind runs (null: the row is another kind's). */
  fromJob?(row: JobLike, ctx: BuildContext): BuildOutcome<proto.CommandPayload<C>>;
  /** Subscribes to what triggers commands that have no job row; returns the unsubscribe. */
  attach?(ctx: { bus: Bus; send: SendCommand<proto.CommandPayload<C>> }): () => void;
  /** An agent authenticated on this node: send what it should have (e.g. its policy). */
  onAgentReady?(deviceId: number, send: SendCommand<proto.CommandPayload<C>>): void;
  /**
   * A result the agent reported for this kind, its data already checked with the contract's
   * result schema. Returns true when the result is fully handled here (no job row to update).
   */
  onResult?(
    deviceId: number,
    result: proto.JobResultMessage,
    data: proto.CommandResultData<C> | undefined,
  ): boolean | Promise<boolean>;
}

/** Declares a server handler with its payload typed from the contract. */
export function serverCommand<C extends proto.CommandKind>(
  handler: ServerCommandHandler<C>,
): ServerCommandHandler {
  return handler as unknown as ServerCommandHandler;
}

/**
 * The server's command kinds: one handler per kind builds the payloads (from job rows or bus
 * events) and handles the results. The dispatcher signs, seals and delivers whatever a handler
 * builds, with no code of its own per kind; backup, patching, policies and remote tools add a
 * contract and a handler and register it in createAgentSide.
 */
export class ServerCommandRegistry {
  private readonly handlers = new Map<string, ServerCommandHandler>();

  constructor(handlers: ServerCommandHandler[] = []) {
    for (const h of handlers) this.register(h);
  }

  register(handler: ServerCommandHandler): this {
    if (this.handlers.has(handler.contract.kind))
      throw new Error(`command kind "${handler.contract.kind}" is registered twice`);
    this.handlers.set(handler.contract.kind, handler);
    return this;
  }

  get(kind: string): ServerCommandHandler | undefined {
    return this.handlers.get(kind);
  }

  all(): ServerCommandHandler[] {
    return [...this.handlers.values()];
  }

  /**
   * The command for a job row: the first handler that takes it builds the payload, which is
   * then checked with the kind's contract (a handler cannot send what the agent would refuse).
   */
  forJob(
    row: JobLike,
    ctx: BuildContext,
  ): { kind: string; payload: Record<string, unknown> } | { fail: string } | null {
    for (const handler of this.handlers.values()) {
      const built = handler.fromJob?.(row, ctx);
      if (!built) continue;
      if ("fail" in built) return built;
      const checked = handler.contract.payload.safeParse(built.payload);
      if (!checked.success)
        return { fail: `the ${handler.contract.kind} command could not be built for this job` };
      return { kind: handler.contract.kind, payload: built.payload as Record<string, unknown> };
    }
    return null;
  }
}
