import { z } from "zod";
import { defineCommandKind } from "./define.js";

/** The agent removes its service and its files, then stops for good. */
export const uninstallAgentPayload = z.object({ reason: z.string().max(200).optional() });
export type UninstallAgentPayload = z.infer<typeof uninstallAgentPayload>;

export const uninstallAgentResult = z.object({
  /** What the agent removed (service definitions, folders). */
  removed: z.array(z.string().max(1000)).max(50),
});

export const uninstallAgentCommand = defineCommandKind({
  kind: "uninstall-agent",
  payload: uninstallAgentPayload,
  result: uninstallAgentResult,
  mode: "control",
});
