import { z } from "zod";
import { defineCommandKind } from "./define.js";
import { appliedCondition, MAX_APPLIED_CONDITIONS } from "../conditions.js";
import { runScriptPayload } from "./run-script.js";

/**
 * The agent settings a device's effective policy gives it. Bounds repeat the policy editor's,
 * so an agent never takes a value the console could not have saved; an absent value keeps the
 * agent's built-in default.
 */
export const appliedAgentSettings = z.object({
  metricIntervalSeconds: z.number().int().min(15).max(3600).optional(),
  heartbeatSeconds: z.number().int().min(15).max(600).optional(),
});
export type AppliedAgentSettings = z.infer<typeof appliedAgentSettings>;

/** A library script a condition runs on the device (its id, language and text). */
export const appliedScript = z.object({
  id: z.number().int().positive(),
  language: runScriptPayload.shape.language,
  body: runScriptPayload.shape.body,
  timeoutSeconds: z.number().int().min(1).max(86_400),
});
export type AppliedScript = z.infer<typeof appliedScript>;

/**
 * The device's effective policy: which policy and version, whether it is enforced (a disabled
 * policy, or a device with no policy, delivers "not enforced" and the agent goes back to its
 * defaults), and the effective values.
 */
export const applyPolicyPayload = z.object({
  policyId: z.number().int().positive().nullable(),
  version: z.number().int().positive().nullable(),
  enforced: z.boolean(),
  agentSettings: appliedAgentSettings,
  /**
   * The conditions the agent evaluates (enabled ones of kinds the agent evaluates). Absent from
   * servers older than conditions: none.
   */
  conditions: z.array(appliedCondition).max(MAX_APPLIED_CONDITIONS).default([]),
  /**
   * The library scripts that script-result conditions run, inside the signed payload so the agent
   * trusts them like a run-script command. Absent: none.
   */
  scripts: z.array(appliedScript).max(MAX_APPLIED_CONDITIONS).default([]),
});
export type ApplyPolicyPayload = z.infer<typeof applyPolicyPayload>;

/** The agent's acknowledgement: the policy and version it now applies, and whether it enforces it. */
export const applyPolicyResult = z.object({
  policyId: z.number().int().positive().nullable(),
  version: z.number().int().positive().nullable(),
  enforced: z.boolean(),
});
export type ApplyPolicyResult = z.infer<typeof applyPolicyResult>;

export const applyPolicyCommand = defineCommandKind({
  kind: "apply-policy",
  payload: applyPolicyPayload,
  result: applyPolicyResult,
  mode: "control",
});
