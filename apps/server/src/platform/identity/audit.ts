import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { auditEvents } from "./identity.tables.js";

export type AuditOutcome = "SUCCESS" | "FAILURE";

export interface AuditEntry {
  /** Dotted verb, area first: "script.create", "auth.sign_in". */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** The organization the event concerns; without it, `data.organizationId` is used when it is an id. */
  organizationId?: number | null;
  /** SUCCESS unless said otherwise. */
  outcome?: AuditOutcome;
  /** Names, ids and flags only: values under secret-looking keys are stored as "[redacted]". */
  data?: Record<string, unknown>;
}

/** Who acted, for events without a signed-in request (a failed sign-in, the CLI). */
export interface AuditActor {
  actorUserId: number | null;
  /** How the actor was named at the time (an email, "cli", "system"). */
  actorLabel: string | null;
  ip: string | null;
}

export const REDACTED = "[redacted]";

// Words of a key that mark its value as possibly secret (keys are split on camelCase, "_", "-"
// and "."): passwords, secrets, tokens, private and API keys, one-time and recovery codes.
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "secret",
  "secrets",
  "token",
  "tokens",
  "cookie",
  "authorization",
  "totp",
  "otp",
  "pin",
  "recovery",
  "credentials",
]);
const SECRET_PAIRS = [
  ["api", "key"],
  ["private", "key"],
  ["access", "key"],
  ["mfa", "code"],
];
// A last word that makes the value a fact about the secret, not the secret ("secretChanged").
const HARMLESS_LAST = new Set(["id", "ids", "changed", "count", "set", "at", "prefix", "type", "name"]);
// Enrollment tokens and similar bearer values, wherever they appear.
const SECRET_VALUE = /^stw_[A-Za-z0-9_-]{8,}/;
const MAX_DEPTH = 8;

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** True when a data key names something that may hold a secret. */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length === 0) return false;
  if (words.length > 1 && HARMLESS_LAST.has(words[words.length - 1]!)) return false;
  if (words.length === 1 && (words[0] === "code" || words[0] === "codes")) return true;
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  return SECRET_PAIRS.some(([a, b]) => words.some((w, i) => w === a && words[i + 1] === b));
}

/** A copy of the data with every value under a secret-looking key (at any depth) replaced. */
export function redactAuditData(data: Record<string, unknown>): Record<string, unknown> {
  return redactValue(data, 0) as Record<string, unknown>;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return SECRET_VALUE.test(value) ? REDACTED : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      isSecretKey(key) && v !== null && v !== undefined && typeof v !== "boolean"
        ? REDACTED
        : redactValue(v, depth + 1);
  }
  return out;
}

// The organization an event concerns: the one named, else an event about an organization
// concerns that organization, else the data's organizationId.
function organizationOf(entry: AuditEntry): number | null {
  if (entry.organizationId !== undefined) return entry.organizationId;
  const target = entry.targetId === null || entry.targetId === undefined ? "" : String(entry.targetId);
  if (entry.targetType === "organization" && /^[1-9]\d{0,9}$/.test(target) && Number(target) <= 2_147_483_647)
    return Number(target);
  const fromData = entry.data?.organizationId;
  return typeof fromData === "number" && Number.isInteger(fromData) && fromData > 0 ? fromData : null;
}

/** The actor of a request: its signed-in user (named by email) and address. */
export function actorOfRequest(request: FastifyRequest | null): AuditActor {
  const user = request?.auth?.session.user;
  return { actorUserId: user?.id ?? null, actorLabel: user?.email ?? null, ip: request?.ip ?? null };
}

/** Appends one audit event for an explicit actor (no signed-in request: sign-in failures, the CLI). */
export async function auditAs(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: actor.actorUserId,
    actorLabel: actor.actorLabel,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    organizationId: organizationOf(entry),
    outcome: entry.outcome ?? "SUCCESS",
    data: redactAuditData(entry.data ?? {}),
  });
}

/** Appends one audit event by the request's signed-in user; never stores secrets (see redactAuditData). */
export async function audit(db: Db, request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await auditAs(db, actorOfRequest(request), entry);
}
