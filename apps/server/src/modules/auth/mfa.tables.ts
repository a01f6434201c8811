import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { technicianRoles, users } from "../../platform/identity/identity.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One open second-factor ceremony: a WebAuthn challenge, an SMS code (hashed) or a Duo state and
 * nonce. Bound to the session that started it; used at most once (consumed_at), then useless.
 * kind: U2F_REGISTER | U2F_SIGN_IN | SMS_ENROLL | SMS_SIGN_IN | DUO
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionHash: text("session_hash").notNull(),
    kind: text("kind").notNull(),
    factorId: integer("factor_id"),
    /** WebAuthn challenge, or the keyed hash of a Duo state. */
    challenge: text("challenge"),
    nonce: text("nonce"),
    /** Keyed hash of an SMS code; never the code. */
    codeHash: text("code_hash"),
    phone: text("phone"),
    /** Public details the ceremony needs later (a key's name, the Duo user name). */
    data: jsonb("data").notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    sends: integer("sends").notNull().default(0),
    lastSentAt: ts("last_sent_at"),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("mfa_challenges_user_idx").on(t.userId),
    index("mfa_challenges_challenge_idx").on(t.challenge),
  ],
);

/** Every SMS code sent, for the per-number and per-account sending limits. */
export const mfaSmsSends = pgTable(
  "mfa_sms_sends",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Keyed hash of the number: limits per number without listing numbers twice. */
    phoneHash: text("phone_hash").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [
    index("mfa_sms_sends_phone_idx").on(t.phoneHash, t.sentAt),
    index("mfa_sms_sends_user_idx").on(t.userId, t.sentAt),
  ],
);

/**
 * Second-factor providers (SMS gateway, Duo): public settings in config, the secret (SMS auth
 * token, Duo client secret) sealed for its row. kind: SMS | DUO
 */
export const mfaProviders = pgTable("mfa_providers", {
  kind: text("kind").primaryKey(),
  config: jsonb("config").$type<Record<string, string>>().notNull().default({}),
  secretEncrypted: text("secret_encrypted"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Factor types a role requires its technicians to hold (any one of them satisfies). */
export const roleMfaRequirements = pgTable("role_mfa_requirements", {
  roleId: integer("role_id")
    .primaryKey()
    .references(() => technicianRoles.id, { onDelete: "cascade" }),
  factors: jsonb("factors").$type<string[]>().notNull().default([]),
});
