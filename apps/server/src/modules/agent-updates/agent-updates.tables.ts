import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { devices } from "../devices/devices.tables.js";
import { organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Agent builds published for self-update; the artifact bytes live in the data folder under releases/. */
export const agentReleases = pgTable(
  "agent_releases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    version: text("version").notNull(),
    platform: text("platform").notNull(),
    arch: text("arch").notNull(),
    /** The target name in the signed targets metadata and the download path. */
    artifactName: text("artifact_name").notNull(),
    length: integer("length").notNull(),
    sha256: text("sha256").notNull(),
    notes: text("notes").notNull().default(""),
    createdByUserId: integer("created_by_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_releases_build_idx").on(t.version, t.platform, t.arch),
    uniqueIndex("agent_releases_artifact_idx").on(t.artifactName),
  ],
);

/**
 * Signed update metadata as handed to agents, every version kept: roots form the chain an agent
 * walks to rotate keys; the newest timestamp, snapshot and targets are served.
 */
export const agentUpdateMetadata = pgTable(
  "agent_update_metadata",
  {
    role: text("role").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.role, t.version] })],
);

/** A rollout of one version over rings of devices (system-wide: rings may span organizations). */
export const agentRollouts = pgTable("agent_rollouts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  version: text("version").notNull(),
  /** RUNNING, PAUSED or COMPLETED. */
  state: text("state").notNull().default("RUNNING"),
  rings: jsonb("rings").notNull(),
  currentRing: integer("current_ring").notNull().default(0),
  maxConcurrent: integer("max_concurrent").notNull().default(500),
  healthSeconds: integer("health_seconds").notNull().default(300),
  bytesPerSecond: integer("bytes_per_second").notNull().default(0),
  createdByUserId: integer("created_by_user_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Each device's place and state in a rollout; organization_id scopes every per-device read. */
export const agentRolloutDevices = pgTable(
  "agent_rollout_devices",
  {
    rolloutId: integer("rollout_id")
      .notNull()
      .references(() => agentRollouts.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ring: integer("ring").notNull(),
    /** PENDING, OFFERED, DOWNLOADING, INSTALLED, FAILED or ROLLED_BACK. */
    state: text("state").notNull().default("PENDING"),
    reason: text("reason"),
    offeredAt: ts("offered_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.deviceId] }),
    index("agent_rollout_devices_state_idx").on(t.rolloutId, t.state, t.ring),
    index("agent_rollout_devices_device_idx").on(t.deviceId),
    index("agent_rollout_devices_org_idx").on(t.organizationId, t.rolloutId),
  ],
);

/**
 * What each device's agent last said about itself (in its hello) and the last update report it
 * sent; one row per device that has said either. organization_id scopes every read.
 */
export const deviceAgentReports = pgTable(
  "device_agent_reports",
  {
    deviceId: integer("device_id")
      .primaryKey()
      .references(() => devices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    platform: text("platform"),
    arch: text("arch"),
    /** binary or script. */
    packaging: text("packaging"),
    installPath: text("install_path"),
    /** The launcher's install folder; null when no launcher started the agent. */
    installDir: text("install_dir"),
    /** systemd, launchd, windows or none. */
    serviceManager: text("service_manager"),
    lastErrors: jsonb("last_errors").notNull().default([]),
    reportedAt: ts("reported_at"),
    lastUpdateVersion: text("last_update_version"),
    /** downloading, installed, failed or rolled-back. */
    lastUpdateStatus: text("last_update_status"),
    lastUpdateReason: text("last_update_reason"),
    lastUpdateAt: ts("last_update_at"),
  },
  (t) => [index("device_agent_reports_org_idx").on(t.organizationId)],
);
