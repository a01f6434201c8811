import { z } from "zod";
import { agentText, MAX_ID, text } from "../common.js";

/** A version name as releases carry it ("1.4.0", "1.5.0-rc.1"). */
export const agentVersionName = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/);

/**
 * Server → agent: install this version. The offer itself carries no trust: the agent installs
 * only what the signed update metadata names, verified against its trusted root.
 */
export const updateOfferMessage = z.object({
  type: z.literal("update-offer"),
  rolloutId: z.number().int().positive().max(MAX_ID),
  version: agentVersionName,
  /** Seconds the new version has to reconnect and pass its health check before it is rolled back. */
  healthSeconds: z.number().int().min(10).max(3600),
  /** The download's bandwidth cap in bytes per second (0: none). */
  bytesPerSecond: z.number().int().min(0).max(1_000_000_000),
});
export type UpdateOfferMessage = z.infer<typeof updateOfferMessage>;

export const AGENT_UPDATE_STATUSES = ["downloading", "installed", "failed", "rolled-back"] as const;

/** Agent → server: how an offered update went. */
export const updateStatusMessage = z.object({
  type: z.literal("update-status"),
  rolloutId: z.number().int().positive().max(MAX_ID).optional(),
  version: agentText(40),
  status: z.enum(AGENT_UPDATE_STATUSES),
  reason: agentText(500).optional(),
});
export type UpdateStatusMessage = z.infer<typeof updateStatusMessage>;

/** Query of the agents' metadata endpoint: the root version the agent already trusts. */
export const updateMetadataQuery = z.object({ root: z.coerce.number().int().min(1).max(MAX_ID).optional() });
export const updateArtifactParams = z.object({ name: text().max(200) });
