import { z } from "zod";
import { defineCommandKind } from "./define.js";

/** Stops a running job of this agent (nothing happens when it is not running). */
export const cancelPayload = z.object({
  jobUid: z.string().min(1).max(64),
  attempt: z.number().int().positive(),
});

export const cancelCommand = defineCommandKind({
  kind: "cancel",
  payload: cancelPayload,
  result: z.object({}).strict(),
  mode: "control",
});
