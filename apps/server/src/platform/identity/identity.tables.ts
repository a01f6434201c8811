import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Technicians and system administrators (end users come later, with their own kind). */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    isSystemAdmin: boolean("is_system_admin").notNull().default(false),
    /** INVITED | ACTIVE | DISABLED */
    status: text("status").notNull().default("INVITED"),
    inviteTokenHash: text("invite_token_hash"),
    inviteExpiresAt: ts("invite_expires_at"),
    invitedByUserId: integer("invited_by_user_id"),
    loginFailedCount: integer("login_failed_count").notNull().default(0),
    loginLockedUntil: ts("login_locked_until"),
    mfaFailedCount: integer("mfa_failed_count").notNull().default(0),
    mfaLockedUntil: ts("mfa_locked_until"),
    lastLoginAt: ts("last_login_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_invite_token_key").on(t.inviteTokenHash),
  ],
);

/** Server-side sessions; the cookie carries a random token whose SHA-256 is the id. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    mfaVerifiedAt: ts("mfa_verified_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * One row per second factor. type: TOTP now; U2F (WebAuthn), SMS and DUO later, each keeping
 * its own material in secret (encrypted) and data (public parts: credential id, phone, Duo user).
 */
export const mfaFactors = pgTable(
  "mfa_factors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    name: text("name").notNull().default(""),
    secretEncrypted: text("secret_encrypted"),
    data: jsonb("data").notNull().default({}),
    confirmedAt: ts("confirmed_at"),
    /** TOTP: the last time step accepted; a code at or before it is a replay. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("mfa_factors_user_idx").on(t.userId)],
);

export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("mfa_recovery_codes_user_idx").on(t.userId)],
);

/**
 * Technician roles: a named permission set over an organization scope (every organization, or
 * the list in technician_role_organizations). Built-in roles are templates: copied, never edited.
 */
export const technicianRoles = pgTable(
  "technician_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    permissions: jsonb("permissions").$type<string[]>().notNull().default([]),
    isBuiltIn: boolean("is_built_in").notNull().default(false),
    /** true: the role applies in every organization; false: only in its listed organizations. */
    allOrganizations: boolean("all_organizations").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // Role names are unique regardless of case ("Helpdesk" and "helpdesk" would be confused).
  (t) => [uniqueIndex("technician_roles_name_lower_key").on(sql`lower(${t.name})`)],
);

/** The organizations a role limited to a list applies in. */
export const technicianRoleOrganizations = pgTable(
  "technician_role_organizations",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => technicianRoles.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.organizationId] }),
    index("technician_role_organizations_org_idx").on(t.organizationId),
  ],
);

export const userTechnicianRoles = pgTable(
  "user_technician_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => technicianRoles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Append-only record of every security-relevant event (the database refuses UPDATE and DELETE
 * on it). actorLabel keeps who acted as they were named then, so the row outlives the user.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts("at").notNull().defaultNow(),
    actorUserId: integer("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    data: jsonb("data").notNull().default({}),
    ip: text("ip"),
    actorLabel: text("actor_label"),
    /** The organization the event concerns, when it concerns one. */
    organizationId: integer("organization_id"),
    /** SUCCESS | FAILURE */
    outcome: text("outcome").notNull().default("SUCCESS"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_org_at_idx").on(t.organizationId, t.at),
    index("audit_events_action_at_idx").on(t.action, t.at),
  ],
);

/**
 * Failed-attempt counters that slow guessing down without locking the owner out: one row per
 * key ("ip:<address>", "account-ip:<user id>:<address>", "account:<user id>"), counted
 * atomically before a credential is checked.
 */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blockedUntil: ts("blocked_until"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
