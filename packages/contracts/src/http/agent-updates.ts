import { z } from "zod";
import { id as idType, isoDateTime, text } from "../common.js";
import { AGENT_UPDATE_STATUSES, agentVersionName } from "../agent/updates.js";
import { AGENT_SERVICE_MANAGERS } from "../agent/protocol.js";

const id = idType();

export const AGENT_PLATFORMS = ["linux", "win32", "darwin"] as const;
export const AGENT_ARCHES = ["x64", "arm64"] as const;

export const agentRelease = z.object({
  id,
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  artifactName: z.string(),
  length: z.number().int(),
  sha256: z.string(),
  notes: z.string(),
  createdAt: isoDateTime,
});
export type AgentRelease = z.infer<typeof agentRelease>;
export const agentReleaseList = z.object({ items: z.array(agentRelease) });

/** Publishing a build: the artifact travels base64-encoded (the bundle is a few MB). */
export const publishAgentReleaseRequest = z.strictObject({
  version: agentVersionName,
  platform: z.enum(AGENT_PLATFORMS),
  arch: z.enum(AGENT_ARCHES),
  /** "bundle": the JavaScript file run by Node.js; "binary": a single executable. */
  kind: z.enum(["bundle", "binary"]),
  notes: text().max(2000).default(""),
  artifactBase64: z
    .string()
    .min(1)
    .max(120 * 1024 * 1024)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type PublishAgentReleaseRequest = z.input<typeof publishAgentReleaseRequest>;

/** A ring: a test group of devices, a share of the remaining fleet, or whole organizations. */
// A plain union, so that a bad ring is refused where the ring stands.
export const rolloutRing = z.union([
  z.strictObject({ kind: z.literal("devices"), deviceIds: z.array(id).min(1).max(10_000) }),
  z.strictObject({ kind: z.literal("percent"), percent: z.number().int().min(1).max(100) }),
  z.strictObject({ kind: z.literal("organizations"), organizationIds: z.array(id).min(1).max(1000) }),
]);
export type RolloutRing = z.infer<typeof rolloutRing>;

export const createRolloutRequest = z.strictObject({
  version: agentVersionName,
  rings: z.array(rolloutRing).min(1).max(10),
  maxConcurrent: z.number().int().min(1).max(100_000).default(500),
  healthSeconds: z.number().int().min(10).max(3600).default(300),
  bytesPerSecond: z.number().int().min(0).max(1_000_000_000).default(0),
});
export type CreateRolloutRequest = z.input<typeof createRolloutRequest>;

export const ROLLOUT_STATES = ["RUNNING", "PAUSED", "COMPLETED"] as const;
export const ROLLOUT_DEVICE_STATES = [
  "PENDING",
  "OFFERED",
  "DOWNLOADING",
  "INSTALLED",
  "FAILED",
  "ROLLED_BACK",
] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

const counts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  updating: z.number().int(),
  installed: z.number().int(),
  failed: z.number().int(),
  rolledBack: z.number().int(),
});

export const rollout = z.object({
  id,
  version: z.string(),
  state: z.enum(ROLLOUT_STATES),
  maxConcurrent: z.number().int(),
  healthSeconds: z.number().int(),
  bytesPerSecond: z.number().int(),
  rings: z.array(rolloutRing),
  currentRing: z.number().int(),
  /** Progress of each ring, in ring order. */
  ringProgress: z.array(counts),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Rollout = z.infer<typeof rollout>;
export const rolloutList = z.object({ items: z.array(rollout) });

export const rolloutDevice = z.object({
  deviceId: id,
  deviceName: z.string(),
  organizationId: id,
  ring: z.number().int(),
  state: z.enum(ROLLOUT_DEVICE_STATES),
  reason: z.string().nullable(),
  updatedAt: isoDateTime,
});
export const rolloutDeviceList = z.object({ items: z.array(rolloutDevice), total: z.number().int() });
export const rolloutDevicesQuery = z.object({
  state: z.enum(ROLLOUT_DEVICE_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * What a device's agent last said about itself (its hello) and how its last update went (its
 * update reports). Null fields: the agent has not said (an older agent, or no update yet).
 */
export const deviceAgentReport = z.object({
  deviceId: id,
  agentVersion: z.string(),
  /** The newest version published for self-update; null when none is. */
  latestVersion: z.string().nullable(),
  /** The agent runs an older version than the newest published one. */
  outdated: z.boolean(),
  platform: z.string().nullable(),
  arch: z.string().nullable(),
  packaging: z.enum(["binary", "script"]).nullable(),
  installPath: z.string().nullable(),
  installDir: z.string().nullable(),
  serviceManager: z.enum(AGENT_SERVICE_MANAGERS).nullable(),
  reportedAt: isoDateTime.nullable(),
  lastErrors: z.array(z.object({ at: z.string(), message: z.string() })),
  lastUpdate: z
    .object({
      version: z.string(),
      status: z.enum(AGENT_UPDATE_STATUSES),
      reason: z.string().nullable(),
      at: isoDateTime,
    })
    .nullable(),
});
export type DeviceAgentReport = z.infer<typeof deviceAgentReport>;
