import type { z } from "zod";

/**
 * One kind of command the server sends to agents: its name, the payload the server signs and
 * the agent checks, and the result data the agent reports back (in job-result `data`).
 */
export interface CommandKind<
  K extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  kind: K;
  payload: P;
  result: R;
  /**
   * "job": journaled before it runs and run at most once per attempt, with a result the
   * server stores on the job; "control": acted on at once (no journal, result optional).
   */
  mode: "job" | "control";
}

export function defineCommandKind<K extends string, P extends z.ZodType, R extends z.ZodType>(
  kind: CommandKind<K, P, R>,
): CommandKind<K, P, R> {
  return kind;
}

/** Command kind names: lower-case words joined by hyphens. */
export const COMMAND_KIND_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The checked payload of a command kind. */
export type CommandPayload<C extends CommandKind> = z.infer<C["payload"]>;
/** The result data of a command kind. */
export type CommandResultData<C extends CommandKind> = z.infer<C["result"]>;
