import { fillTemplate, sharedEn } from "@steward/contracts";
import type { agent } from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";
import { createDeviceManagement, type DeviceManagementOptions } from "./devices.manage.js";
import { createDevicesRepository, type NewDevice } from "./devices.repository.js";

const SECTION_LABELS: Partial<Record<keyof agent.Inventory, string>> = {
  hostname: "host name",
  os: "operating system",
  cpu: "processor",
  memory: "memory",
  disks: "disks",
  volumes: "volumes",
  network: "network adapters",
  loggedInUsers: "logged-in users",
  software: "installed software",
  pendingReboot: "pending reboot",
  agentVersion: "agent version",
};

/**
 * Device state as agents change it (enrollment, presence, inventory; each change is an activity),
 * plus the console's side: the grid, device pages and technicians' changes (devices.manage.ts).
 * `onDeviceRemoved` is called for each device deleted or rejected, to disconnect its agent.
 */
export function createDevicesService(
  deps: Pick<AppDeps, "db"> & Partial<Pick<AppDeps, "dbKind" | "bus">>,
  options: DeviceManagementOptions = {},
) {
  const repo = createDevicesRepository(deps.db);
  // The console's live streams hear of each device that came up or went down.
  const statusChanged = (deviceId: number, organizationId: number) =>
    deps.bus?.emit("deviceStatusChanged", { deviceId, organizationId });
  return {
    ...createDeviceManagement(deps.db, { dbKind: deps.dbKind, ...options }),
    repo,

    async enroll(device: NewDevice) {
      const row = await repo.insert(device);
      await repo.addActivity(
        row.id,
        row.organizationId,
        "ENROLLED",
        fillTemplate(
          device.approvalStatus === "PENDING"
            ? sharedEn.activity.deviceEnrolledPending
            : sharedEn.activity.deviceEnrolled,
          { hostname: row.hostname },
        ),
        {
          tokenId: device.enrollmentTokenId,
        },
      );
      return row;
    },

    identity: repo.identity,
    setEncryptionKey: repo.setEncryptionKey,

    async markUp(id: number, publicIp: string | undefined, at = new Date()) {
      const result = await repo.setStatus(id, "UP", at, publicIp);
      if (!result?.changed) return;
      await repo.addActivity(id, result.organizationId, "CAME_UP", sharedEn.activity.cameOnline);
      statusChanged(id, result.organizationId);
    },

    async markDown(id: number, reason: "disconnected" | "silent", at = new Date()) {
      const result = await repo.setStatus(id, "DOWN", at);
      if (result?.changed) {
        const message =
          reason === "silent" ? sharedEn.activity.wentOfflineSilent : sharedEn.activity.wentOfflineClosed;
        await repo.addActivity(id, result.organizationId, "WENT_DOWN", message, { reason });
        statusChanged(id, result.organizationId);
      }
    },

    async applyInventory(id: number, organizationId: number, message: agent.InventoryMessage) {
      if (message.mode === "full") {
        await repo.applyInventory(id, message.inventory, {});
        return;
      }
      const sections = Object.keys(message.changes) as (keyof agent.Inventory)[];
      if (sections.length === 0) return;
      await repo.applyInventory(id, undefined, message.changes);
      const labels = sections.map((s) => SECTION_LABELS[s]).filter(Boolean);
      if (labels.length > 0) {
        await repo.addActivity(
          id,
          organizationId,
          "INVENTORY_CHANGED",
          fillTemplate(sharedEn.activity.inventoryChanged, { sections: labels.join(", ") }),
          { sections },
        );
      }
    },

    touchContacts: repo.touchContacts,
    markAllDown: repo.markAllDown,
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
