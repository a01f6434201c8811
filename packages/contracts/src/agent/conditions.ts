import { z } from "zod";
import { condition } from "@steward/domain";
import { agentText } from "../common.js";

/** Version of the condition-events message; a server refuses versions it does not know. */
export const CONDITION_EVENTS_VERSION = 1;
/** Conditions one policy may hold (and the agent evaluate). */
export const MAX_APPLIED_CONDITIONS = 200;
/**
 * Events in one message at most: an agent sends a longer backlog in several messages. As many as
 * a policy may hold conditions, so a snapshot of every triggered condition fits in one message.
 */
export const MAX_CONDITION_EVENTS_PER_MESSAGE = MAX_APPLIED_CONDITIONS;

/** A condition key within its policy (the policy item key). */
export const conditionKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * A condition as the agent is sent it inside its effective policy: its key and its whole model
 * (the agent needs the check; the rest travels so what it evaluates is exactly what was saved).
 */
export const appliedCondition = z.object({ key: conditionKey, condition });
export type AppliedCondition = z.infer<typeof appliedCondition>;

/**
 * One change of a condition's state on the device. `value` is the number that caused it (absent
 * for checks that have none, such as a process that stopped); `detail` says it in words of the
 * device ("nginx is not running", "/data 3% free"). Everything in it is untrusted input.
 */
export const conditionEvent = z.object({
  key: conditionKey,
  /** The policy version the agent evaluated the condition under. */
  policyVersion: z.number().int().positive(),
  state: z.enum(["TRIGGERED", "RESET"]),
  /** When it changed, ms since the epoch on the agent's clock. */
  at: z.number().int().min(0).max(8.64e15),
  value: z.number().finite().optional(),
  detail: agentText(500),
});
export type ConditionEvent = z.infer<typeof conditionEvent>;

/**
 * Agent → server: condition state changes since the last message, oldest first. On every
 * (re)connection the agent also sends the conditions that are triggered now (`snapshot: true`) so
 * the server can reset alerts whose condition recovered or vanished while it was away.
 */
export const conditionEventsMessage = z.object({
  type: z.literal("condition-events"),
  v: z.literal(CONDITION_EVENTS_VERSION),
  sentAt: z.number().int().min(0).max(8.64e15),
  snapshot: z.boolean().default(false),
  events: z.array(conditionEvent).max(MAX_CONDITION_EVENTS_PER_MESSAGE),
});
export type ConditionEventsMessage = z.infer<typeof conditionEventsMessage>;
