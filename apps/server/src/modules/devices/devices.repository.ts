import { and, eq, inArray, sql } from "drizzle-orm";
import type { agent } from "@steward/contracts";
import { defaultRoleKey } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { refreshFieldValues } from "./devices.fields.js";
import { deviceActivities, deviceInventories, devices } from "./devices.tables.js";

export type DeviceRow = typeof devices.$inferSelect;

export interface NewDevice {
  organizationId: number;
  locationId: number;
  publicKey: string;
  /** X25519 key secrets are sealed to (null or absent: an agent older than encryption keys). */
  encryptionPublicKey?: string | null;
  approvalStatus: "APPROVED" | "PENDING";
  inventory: agent.Inventory;
  publicIp: string | null;
  enrollmentTokenId: number | null;
  simulated: boolean;
}

export type ActivityType =
  | "ENROLLED"
  | "APPROVED"
  | "REJECTED"
  | "WENT_DOWN"
  | "CAME_UP"
  | "INVENTORY_CHANGED"
  | "DELETED"
  | "UPDATED"
  | "TAGS_CHANGED"
  | "CUSTOM_FIELDS_CHANGED"
  | "ALERT_TRIGGERED"
  | "ALERT_RESET"
  | "ALERT_NOTIFIED";

/** Grid projections of an inventory: kept in columns so searches need not read the JSON. */
export function projections(inv: Partial<agent.Inventory>) {
  const out: Partial<typeof devices.$inferInsert> = {};
  if (inv.hostname !== undefined) out.hostname = inv.hostname;
  if (inv.os) {
    out.osFamily = inv.os.family;
    out.osName = inv.os.name;
    out.osVersion = inv.os.version;
  }
  if (inv.agentVersion !== undefined) out.agentVersion = inv.agentVersion;
  if (inv.memory) out.totalMemoryBytes = inv.memory.totalBytes;
  if (inv.pendingReboot !== undefined) out.pendingReboot = inv.pendingReboot;
  if (inv.software) out.softwareCount = inv.software.length;
  if (inv.network)
    out.ipAddresses = [...new Set(inv.network.flatMap((n) => [...n.ipv4, ...n.ipv6]))].join(" ");
  if (inv.volumes) {
    const pcts = inv.volumes.filter((v) => v.sizeBytes > 0).map((v) => (v.freeBytes / v.sizeBytes) * 100);
    out.minFreeDiskPercent = pcts.length ? Math.min(...pcts) : null;
  }
  return out;
}

export function createDevicesRepository(db: Db) {
  return {
    /** Inserts the device (with the built-in role its OS suggests) and its inventory. */
    async insert(device: NewDevice): Promise<DeviceRow> {
      const roleKey = defaultRoleKey(device.inventory.os);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(devices)
          .values({
            organizationId: device.organizationId,
            locationId: device.locationId,
            publicKey: device.publicKey,
            encryptionPublicKey: device.encryptionPublicKey ?? null,
            approvalStatus: device.approvalStatus,
            hostname: device.inventory.hostname,
            osFamily: device.inventory.os.family,
            publicIp: device.publicIp,
            inventoryUpdatedAt: new Date(),
            enrollmentTokenId: device.enrollmentTokenId,
            simulated: device.simulated,
            roleId:
              roleKey === null
                ? null
                : sql`(select ${deviceRoles.id} from ${deviceRoles} where ${deviceRoles.key} = ${roleKey})`,
            ...projections(device.inventory),
          })
          .returning();
        if (!row) throw new Error("device insert failed");
        await tx.insert(deviceInventories).values({ deviceId: row.id, inventory: device.inventory });
        // The custom-field values its organization and location already hold now apply to it.
        await refreshFieldValues(tx, { deviceId: row.id });
        return row;
      });
    },

    async inventory(id: number): Promise<Partial<agent.Inventory> | undefined> {
      const rows = await db
        .select({ inventory: deviceInventories.inventory })
        .from(deviceInventories)
        .where(eq(deviceInventories.deviceId, id));
      return rows[0]?.inventory as Partial<agent.Inventory> | undefined;
    },

    async byId(id: number): Promise<DeviceRow | undefined> {
      const rows = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
      return rows[0];
    },

    async identity(id: number) {
      const rows = await db
        .select({
          id: devices.id,
          publicKey: devices.publicKey,
          encryptionPublicKey: devices.encryptionPublicKey,
          approvalStatus: devices.approvalStatus,
          organizationId: devices.organizationId,
          status: devices.status,
          inventoryUpdatedAt: devices.inventoryUpdatedAt,
          archivedAt: devices.archivedAt,
        })
        .from(devices)
        .where(eq(devices.id, id))
        .limit(1);
      return rows[0];
    },

    /** Records the encryption key an agent vouched for in its hello (a no-op when unchanged). */
    async setEncryptionKey(id: number, key: string): Promise<void> {
      await db
        .update(devices)
        .set({ encryptionPublicKey: key })
        .where(and(eq(devices.id, id), sql`${devices.encryptionPublicKey} is distinct from ${key}`));
    },

    /** Sets UP/DOWN; returns true when the status actually changed. */
    async setStatus(
      id: number,
      status: "UP" | "DOWN",
      at: Date,
      publicIp?: string,
    ): Promise<{ changed: boolean; organizationId: number } | undefined> {
      const rows = await db
        .update(devices)
        .set({
          status,
          statusChangedAt: sql`case when ${devices.status} = ${status} then ${devices.statusChangedAt} else ${at} end`,
          lastContactAt: at,
          ...(publicIp ? { publicIp } : {}),
        })
        .where(eq(devices.id, id))
        .returning({ organizationId: devices.organizationId, changedAt: devices.statusChangedAt });
      const row = rows[0];
      if (!row) return undefined;
      return { changed: row.changedAt.getTime() === at.getTime(), organizationId: row.organizationId };
    },

    async markAllDown(at: Date): Promise<number> {
      const rows = await db
        .update(devices)
        .set({ status: "DOWN", statusChangedAt: at })
        .where(eq(devices.status, "UP"))
        .returning({ id: devices.id });
      return rows.length;
    },

    async touchContacts(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(devices).set({ lastContactAt: at }).where(inArray(devices.id, ids));
    },

    async applyInventory(
      id: number,
      full: agent.Inventory | undefined,
      changes: Partial<agent.Inventory>,
    ): Promise<void> {
      const values = { ...projections(full ?? changes), inventoryUpdatedAt: new Date() };
      const json = JSON.stringify(full ?? changes);
      await db.transaction(async (tx) => {
        await tx.update(devices).set(values).where(eq(devices.id, id));
        await tx
          .insert(deviceInventories)
          .values({ deviceId: id, inventory: sql`${json}::jsonb` })
          .onConflictDoUpdate({
            target: deviceInventories.deviceId,
            set: {
              inventory: full
                ? sql`excluded.inventory`
                : sql`${deviceInventories.inventory} || excluded.inventory`,
            },
          });
      });
    },

    async addActivity(
      deviceId: number,
      organizationId: number,
      type: ActivityType,
      message: string,
      data: Record<string, unknown> = {},
      actorUserId: number | null = null,
    ) {
      await db
        .insert(deviceActivities)
        .values({ deviceId, organizationId, type, message, data, actorUserId });
    },

    async countByStatus(organizationId?: number) {
      return db
        .select({ status: devices.status, n: sql<number>`count(*)::int` })
        .from(devices)
        .where(organizationId === undefined ? undefined : and(eq(devices.organizationId, organizationId)))
        .groupBy(devices.status);
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
