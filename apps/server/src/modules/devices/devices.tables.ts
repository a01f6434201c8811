import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A managed device. The id comes from an identity column and is never reused. Grid columns
 * (os, disk, reboot) are projections of the inventory, kept in step when it changes.
 */
export const devices = pgTable(
  "devices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    hostname: text("hostname").notNull(),
    displayName: text("display_name"),
    /** WINDOWS | MAC | LINUX | OTHER */
    osFamily: text("os_family").notNull(),
    osName: text("os_name").notNull().default(""),
    osVersion: text("os_version").notNull().default(""),
    agentVersion: text("agent_version").notNull().default(""),
    /** Ed25519 raw public key, base64: the device's identity. */
    publicKey: text("public_key").notNull(),
    /** APPROVED | PENDING | REJECTED */
    approvalStatus: text("approval_status").notNull(),
    /** UP | DOWN */
    status: text("status").notNull().default("DOWN"),
    statusChangedAt: ts("status_changed_at").notNull().defaultNow(),
    lastContactAt: ts("last_contact_at"),
    publicIp: text("public_ip"),
    inventory: jsonb("inventory").notNull().default({}),
    inventoryUpdatedAt: ts("inventory_updated_at"),
    totalMemoryBytes: bigint("total_memory_bytes", { mode: "number" }),
    /** Lowest free-space percentage over the device's volumes (low-disk search). */
    minFreeDiskPercent: real("min_free_disk_percent"),
    pendingReboot: boolean("pending_reboot").notNull().default(false),
    softwareCount: integer("software_count").notNull().default(0),
    roleId: integer("role_id"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Devices of the agent simulator (demo fleet, load tests), marked as such in the console. */
    simulated: boolean("simulated").notNull().default(false),
    enrolledAt: ts("enrolled_at").notNull().defaultNow(),
    enrollmentTokenId: integer("enrollment_token_id"),
  },
  (t) => [
    uniqueIndex("devices_public_key_key").on(t.publicKey),
    index("devices_org_idx").on(t.organizationId),
    index("devices_location_idx").on(t.locationId),
    index("devices_status_idx").on(t.status),
    index("devices_hostname_idx").on(sql`lower(${t.hostname})`),
  ],
);

/** What happened to a device: enrolled, approved, went down/up, inventory changed … */
export const deviceActivities = pgTable(
  "device_activities",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id").notNull(),
    at: ts("at").notNull().defaultNow(),
    type: text("type").notNull(),
    message: text("message").notNull(),
    data: jsonb("data").notNull().default({}),
    actorUserId: integer("actor_user_id"),
  },
  (t) => [index("device_activities_device_idx").on(t.deviceId, t.at), index("device_activities_org_idx").on(t.organizationId, t.at)],
);
