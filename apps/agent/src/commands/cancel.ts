import { agent as proto } from "@steward/contracts";
import { agentCommand } from "./registry.js";

/** Stops a running job; reports nothing (the job's own result says it was cancelled). */
export const cancelHandler = agentCommand(proto.cancelCommand, (payload, ctx) => {
  ctx.cancelJob(payload.jobUid, payload.attempt);
  return { done: Promise.resolve(null) };
});
