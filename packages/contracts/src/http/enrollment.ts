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

/** One file of the built agent release, with its SHA-256 (listed on the downloads page). */
export const agentDownloadArtifact = z.object({
  file: z.string(),
  kind: z.enum(["binary", "deb", "rpm", "msi", "macos-layout"]),
  /** Platform and architecture, e.g. linux-x64; null when the file is not tied to one. */
  target: z.string().nullable(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type AgentDownloadArtifact = z.infer<typeof agentDownloadArtifact>;

/** The self-contained agents and native packages the server offers for download. */
export const agentDownloads = z.object({
  built: z.boolean(),
  version: z.string().nullable(),
  builtAt: z.string().nullable(),
  /** Each artifact downloads from `${downloadBase}/${file}` (SHA256SUMS too). */
  downloadBase: z.string(),
  artifacts: z.array(agentDownloadArtifact),
});
export type AgentDownloads = z.infer<typeof agentDownloads>;
