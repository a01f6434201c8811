import { z } from "zod";
import { sharedEn } from "../i18n/shared/en.js";
import { mfaFactorType } from "./auth.js";

/** One IPv4 or IPv6 network in CIDR form (a bare address is a single host). */
export const cidr = z.string().trim().max(50).refine(isCidr, sharedEn.validation.cidr);

/** The console's security rules; GET/PUT /api/settings/security (system administrators). */
export const securitySettings = z.object({
  passwordPolicy: z.object({
    minLength: z.number().int().min(8).max(128),
    /** Refuse passwords found in the shipped list of common passwords. */
    rejectBreached: z.boolean(),
    /** How many previous passwords may not be reused (0: no history). */
    history: z.number().int().min(0).max(24),
  }),
  /** The second factors technicians may use; at least one. */
  allowedMfaFactors: z.array(mfaFactorType).min(1).max(4),
  /** A session ends after this long without activity. */
  sessionIdleMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  /** A session ends this long after sign-in, active or not. */
  sessionAbsoluteHours: z
    .number()
    .int()
    .min(1)
    .max(30 * 24),
  /** How long a second-factor confirmation allows sensitive actions. */
  stepUpWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** A script run on more devices than this needs a recent second-factor confirmation. */
  stepUpDeviceThreshold: z.number().int().min(1).max(100_000),
  /** Technicians may only sign in from these networks; empty allows every address. */
  technicianIpAllowList: z.array(cidr).max(200),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

function isCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split("/");
  if (rest.length > 0 || !address) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const max = v4 ? 32 : 128;
  if (v4) {
    if (v4.slice(1).some((o) => Number(o) > 255)) return false;
  } else if (!/^[0-9a-fA-F:.]+$/.test(address) || !address.includes(":")) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= max;
}
