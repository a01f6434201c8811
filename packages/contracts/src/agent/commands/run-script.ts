import { z } from "zod";
import { sealedSecret } from "../sealed.js";
import { defineCommandKind } from "./define.js";

export const runScriptPayload = z.object({
  language: z.enum(["bash", "sh", "powershell", "batch", "python"]),
  body: z.string().max(1_000_000),
  /** Passed as environment variables STEWARD_PARAM_<NAME> and as an argument array, never spliced into a shell string. */
  parameters: z
    .array(
      z.object({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), value: z.string().max(10_000) }),
    )
    .max(50),
  timeoutSeconds: z.number().int().min(1).max(86_400),
  /** The job's run-as choice: "System" (the agent's own identity), "Current Logged on User", or a credential's. */
  runAs: z.string().max(200),
  /**
   * The account of a stored credential (run-as "Preferred …" or "credential:<id>"). The username
   * selects the local account on Linux and macOS; the password is only sent to Windows devices
   * (where the agent logs on with it), sealed to this one agent's encryption key.
   */
  account: z
    .object({
      username: z.string().min(1).max(256),
      domain: z.string().max(256).optional(),
      passwordSealed: sealedSecret.optional(),
    })
    .optional(),
});
export type RunScriptPayload = z.infer<typeof runScriptPayload>;

/** A script's outcome travels in the job result's exit code and output; no extra data. */
export const runScriptResult = z.object({}).strict();

export const runScriptCommand = defineCommandKind({
  kind: "run-script",
  payload: runScriptPayload,
  result: runScriptResult,
  mode: "job",
});
