import { z } from "zod";
import { id, text } from "../common.js";

export const enrollmentTokenState = z.enum(["ACTIVE", "EXPIRED", "REVOKED", "EXHAUSTED"]);

export const enrollmentToken = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  name: z.string(),
  state: enrollmentTokenState,
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EnrollmentToken = z.infer<typeof enrollmentToken>;

export const enrollmentTokenList = z.object({ items: z.array(enrollmentToken) });

export const createEnrollmentTokenRequest = z.object({
  locationId: id(),
  name: text().trim().max(100).default(""),
  /** 1 hour to 1 year. */
  expiresInHours: z.number().int().min(1).max(8760).default(168),
  maxUses: z.number().int().min(1).max(100_000).nullable().default(null),
});
export type CreateEnrollmentTokenRequest = z.input<typeof createEnrollmentTokenRequest>;

/** The token in clear and the commands that use it; only for those who may manage enrollment. */
export const enrollmentTokenSecret = z.object({
  token: enrollmentToken,
  secret: z.string(),
  agentServerUrl: z.string(),
  /** SHA-256 (hex) of the server's command-signing key: the agent refuses to enroll with another key. */
  serverKeyFingerprint: z.string(),
  /** SHA-256 (hex) of the agent file the server serves (null: the agent has not been built). */
  agentSha256: z.string().nullable(),
  commands: z.object({ linux: z.string(), mac: z.string(), windows: z.string() }),
});
export type EnrollmentTokenSecret = z.infer<typeof enrollmentTokenSecret>;
