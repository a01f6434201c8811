import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A health status as a rank, worst first: Unhealthy 0, Needs attention 1, Unknown 2, Healthy 3.
 * The grid sorts by it and an index is built on the same expression, so both must use this one.
 */
export const healthRank = (column: AnyPgColumn) =>
  sql`(case ${column} when 'UNHEALTHY' then 0 when 'NEEDS_ATTENTION' then 1 when 'UNKNOWN' then 2 else 3 end)`;

/**
 * A managed device. The id comes from an identity column and is never reused. Grid columns
 * (os, disk, reboot, addresses) are projections of the inventory, kept in step when it changes;
 * the inventory itself lives in device_inventories so that this table stays narrow: grid
 * searches and counts scan it, and heartbeats rewrite its rows.
 */
export const devices = pgTable(
  "devices",
  // Column order matters for scans: PostgreSQL reads a row's columns left to right, so the
  // fixed-width columns and the grid's filters come first, the long and nullable ones last.
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // NO ACTION (checked at the end of the statement): deleting an organization cascades to its
    // locations and devices together; deleting a location that still has devices is refused.
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    statusChangedAt: ts("status_changed_at").notNull().defaultNow(),
    enrolledAt: ts("enrolled_at").notNull().defaultNow(),
    softwareCount: integer("software_count").notNull().default(0),
    pendingReboot: boolean("pending_reboot").notNull().default(false),
    /** Devices of the agent simulator (demo fleet, load tests), marked as such in the console. */
    simulated: boolean("simulated").notNull().default(false),
    /** UP | DOWN */
    status: text("status").notNull().default("DOWN"),
    /** APPROVED | PENDING | REJECTED */
    approvalStatus: text("approval_status").notNull(),
    /** WINDOWS | MAC | LINUX | OTHER */
    osFamily: text("os_family").notNull(),
    /** What the grid's free text searches: names, addresses and OS, lower-cased. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(hostname || ' ' || coalesce(display_name, '') || ' ' || ip_addresses || ' ' || coalesce(public_ip, '') || ' ' || os_name || ' ' || os_version)`,
      ),
    /** The grid's name: display name, else host name, lower-cased (sorting). */
    sortName: text("sort_name")
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce(display_name, hostname))`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hostname: text("hostname").notNull(),
    osName: text("os_name").notNull().default(""),
    osVersion: text("os_version").notNull().default(""),
    agentVersion: text("agent_version").notNull().default(""),
    /** The network adapters' IPv4 and IPv6 addresses, space-separated. */
    ipAddresses: text("ip_addresses").notNull().default(""),
    /** Ed25519 raw public key, base64: the device's identity. */
    publicKey: text("public_key").notNull(),
    roleId: integer("role_id").references(() => deviceRoles.id, { onDelete: "set null" }),
    displayName: text("display_name"),
    lastContactAt: ts("last_contact_at"),
    publicIp: text("public_ip"),
    inventoryUpdatedAt: ts("inventory_updated_at"),
    totalMemoryBytes: bigint("total_memory_bytes", { mode: "number" }),
    /** Lowest free-space percentage over the device's volumes (low-disk search). */
    minFreeDiskPercent: real("min_free_disk_percent"),
    enrollmentTokenId: integer("enrollment_token_id"),
    /** X25519 raw public key, base64: secrets inside commands are encrypted to it (null: older agents). */
    encryptionPublicKey: text("encryption_public_key"),
    /**
     * HEALTHY | NEEDS_ATTENTION | UNHEALTHY | UNKNOWN: the worst health of the device's open
     * alerts (HEALTHY when none). Written only by the alerts module.
     */
    healthStatus: text("health_status").notNull().default("HEALTHY"),
    /**
     * When the agent was uninstalled from the console: the device is kept (its jobs and audit
     * trail stay) but archived, and its agent is refused at connect. Null: an active device.
     */
    archivedAt: ts("archived_at"),
  },
  // last_contact_at is deliberately not indexed: heartbeats rewrite it and stay HOT updates.
  (t) => [
    uniqueIndex("devices_public_key_key").on(t.publicKey),
    index("devices_org_idx").on(t.organizationId),
    index("devices_location_idx").on(t.locationId),
    index("devices_status_idx").on(t.status, t.sortName, t.id),
    index("devices_hostname_idx").on(sql`lower(${t.hostname})`),
    index("devices_sort_name_idx").on(t.sortName, t.id),
    index("devices_role_idx").on(t.roleId),
    index("devices_os_family_idx").on(t.osFamily),
    index("devices_approval_idx").on(t.approvalStatus),
    index("devices_tags_idx").using("gin", t.tags),
    index("devices_free_disk_idx").on(t.minFreeDiskPercent),
    index("devices_status_changed_idx").on(t.status, t.statusChangedAt),
    index("devices_health_idx").on(t.healthStatus, t.sortName, t.id),
    // The grid's health sort (worst first), ties by name then id, read in either direction.
    index("devices_health_rank_idx").on(healthRank(t.healthStatus), t.sortName, t.id),
  ],
);

/** The last full inventory of each device (deltas merged in), one row per device. */
export const deviceInventories = pgTable("device_inventories", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  inventory: jsonb("inventory").notNull().default({}),
});

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
  (t) => [
    index("device_activities_device_idx").on(t.deviceId, t.at),
    index("device_activities_org_idx").on(t.organizationId, t.at),
  ],
);
