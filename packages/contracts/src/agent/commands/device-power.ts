import { z } from "zod";
import { defineCommandKind } from "./define.js";

/** The longest delay a restart or shutdown may be scheduled with (one week, in minutes). */
export const MAX_POWER_DELAY_MINUTES = 7 * 24 * 60;
/** How often the logged-on user may postpone at most. */
export const MAX_POWER_POSTPONES = 10;

/**
 * Restart or shut down the device after a delay (0: now), with an optional message to the
 * logged-on user, who may postpone it by `postponeMinutes` up to `postponeLimit` times.
 */
export const devicePowerPayload = z.object({
  action: z.enum(["REBOOT", "SHUTDOWN"]),
  delayMinutes: z.number().int().min(0).max(MAX_POWER_DELAY_MINUTES),
  message: z.string().max(500).optional(),
  postponeLimit: z.number().int().min(0).max(MAX_POWER_POSTPONES).default(0),
  postponeMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
});
export type DevicePowerPayload = z.infer<typeof devicePowerPayload>;

export const devicePowerResult = z.object({
  /** The delay the restart or shutdown was finally scheduled with, in minutes. */
  scheduledInMinutes: z.number().int().nonnegative(),
  /** How many times the logged-on user postponed it. */
  postponed: z.number().int().nonnegative(),
  /** The program and arguments the agent ran to schedule it. */
  command: z.array(z.string()).max(40),
});
export type DevicePowerResult = z.infer<typeof devicePowerResult>;

export const devicePowerCommand = defineCommandKind({
  kind: "device-power",
  payload: devicePowerPayload,
  result: devicePowerResult,
  mode: "job",
});
