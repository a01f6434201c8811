import { z } from "zod";
import { CREDENTIAL_TYPES, messages, RUN_AS_OPERATING_SYSTEMS } from "@steward/domain";
import { coercedId, text } from "../common.js";

export const credentialType = z.enum(CREDENTIAL_TYPES);

/** A stored credential as every answer shows it: never the secret, in clear or sealed. */
export const credentialView = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  type: credentialType,
  username: z.string(),
  description: z.string(),
  /** The organization's preferred credential of its type (the run-as "Preferred …" choices use it). */
  preferred: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CredentialView = z.infer<typeof credentialView>;

/** GET /api/credential/organization/{id}/list: exactly { resultCode, credentials }, the shape clients read. */
export const credentialListResponse = z
  .object({ resultCode: z.literal("SUCCESS"), credentials: z.array(credentialView) })
  .strict();
export type CredentialListResponse = z.infer<typeof credentialListResponse>;

const mandatory = (max: number) => text().trim().min(1, messages.mandatory).max(max);

/** POST /api/organizations/:id/credentials */
export const createCredentialRequest = z.object({
  name: mandatory(100),
  type: credentialType,
  username: mandatory(256),
  /** The password or secret; sealed at rest, never answered. */
  secret: text().min(1, messages.mandatory).max(4096),
  description: text().trim().max(1000).default(""),
  preferred: z.boolean().default(false),
});
export type CreateCredentialRequest = z.input<typeof createCredentialRequest>;

/** PUT /api/organizations/:id/credentials/:credentialId: a left-out secret keeps the stored one. */
export const updateCredentialRequest = z.object({
  name: mandatory(100),
  type: credentialType,
  username: mandatory(256),
  secret: text().min(1, messages.mandatory).max(4096).optional(),
  description: text().trim().max(1000).default(""),
  preferred: z.boolean().default(false),
});
export type UpdateCredentialRequest = z.input<typeof updateCredentialRequest>;

export const organizationCredentialParams = z.object({
  id: coercedId(),
  credentialId: coercedId(),
});

// ---- Run As (the run-as and preset-parameter selector) ----

export const runAsOs = z.enum(RUN_AS_OPERATING_SYSTEMS);

/** GET /api/run-as/choices?os=&organizationId= */
export const runAsChoicesQuery = z.object({
  os: runAsOs,
  organizationId: coercedId().optional(),
});

export const runAsChoice = z.object({
  /** What goes into a job's content.runAs. */
  value: z.string(),
  label: z.string(),
  kind: z.enum(["BUILT_IN", "CREDENTIAL"]),
  /** CREDENTIAL: the credential itself. BUILT_IN "Preferred …": the preferred credential it stands for, if set. */
  credentialId: z.number().int().nullable(),
  credentialType: credentialType.nullable(),
});
export type RunAsChoice = z.infer<typeof runAsChoice>;

export const runAsChoicesResponse = z.object({ os: runAsOs, choices: z.array(runAsChoice) });
export type RunAsChoicesResponse = z.infer<typeof runAsChoicesResponse>;
