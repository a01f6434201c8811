import { z } from "zod";
import { sharedEn } from "../i18n/shared/en.js";
import { mfaFactorType, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.js";

/** One IPv4 or IPv6 network in CIDR form (a bare address is a single host). */
export const cidr = z.string().trim().max(50).refine(isCidr, sharedEn.validation.cidr);

/** The console's security rules; GET/PUT /api/settings/security (system administrators). */
export const securitySettings = z.object({
  passwordPolicy: z.object({
    /** Never below the floor every password field enforces. */
    minLength: z.number().int().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    /** How many kinds of characters (lowercase, uppercase, digits, symbols) a password mixes. */
    characterClasses: z.number().int().min(1).max(4).default(1),
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

/** The kinds of characters a password may mix: lowercase, uppercase, digits, everything else. */
export function characterClassesOf(password: string): number {
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u];
  return kinds.filter((kind) => kind.test(password)).length;
}

/** The first rule of the policy's length and character rules that a password breaks. */
export function passwordRuleBroken(
  password: string,
  policy: Pick<SecuritySettings["passwordPolicy"], "minLength" | "characterClasses">,
): { rule: "length"; min: number } | { rule: "characterClasses"; count: number } | null {
  if ([...password].length < policy.minLength) return { rule: "length", min: policy.minLength };
  if (characterClassesOf(password) < policy.characterClasses)
    return { rule: "characterClasses", count: policy.characterClasses };
  return null;
}

/** An address as 16 bytes (IPv4 as IPv4-mapped IPv6), or null when it is none. */
export function addressBytes(value: string): Uint8Array | null {
  const address = value.trim().split("%")[0]!.toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((o) => o > 255)) return null;
    return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...octets]);
  }
  if (!address.includes(":") || !/^[0-9a-f:.]+$/.test(address)) return null;
  let text = address;
  let tail: number[] = [];
  const embedded = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (embedded) {
    const four = addressBytes(embedded[2]!);
    if (!four) return null;
    tail = [...four.slice(12)];
    text = embedded[1]!.endsWith("::") ? embedded[1]! : embedded[1]!.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const wanted = 8 - tail.length / 2;
  const fill = halves.length === 2 ? wanted - left.length - right.length : 0;
  if (fill < 0 || (halves.length === 1 && left.length !== wanted)) return null;
  const all = [...left, ...Array<string>(fill).fill("0"), ...right];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  return Uint8Array.from([...bytes, ...tail]);
}

/** Whether an address lies in a network given in CIDR form (a bare address is one host). */
export function cidrContains(network: string, address: string): boolean {
  const [base, prefixText] = network.trim().split("/");
  const net = addressBytes(base ?? "");
  const ip = addressBytes(address);
  if (!net || !ip) return false;
  const isV4 = !base!.includes(":");
  const bits = prefixText === undefined ? 128 : Number(prefixText) + (isV4 ? 96 : 0);
  for (let i = 0; i < 16; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if ((net[i]! & mask) !== (ip[i]! & mask)) return false;
  }
  return true;
}
