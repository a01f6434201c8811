import type { agent, DeviceActivity, DeviceDetail, DeviceSummary } from "@steward/contracts";
import type { SummaryRow } from "./devices.grid.js";

export function presentDevice(row: SummaryRow): DeviceSummary {
  return {
    id: row.id,
    hostname: row.hostname,
    displayName: row.displayName,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    locationId: row.locationId,
    locationName: row.locationName,
    // The column only receives values validated by the agent contract's enums.
    osFamily: row.osFamily as DeviceSummary["osFamily"],
    osName: row.osName,
    osVersion: row.osVersion,
    status: row.status as DeviceSummary["status"],
    approvalStatus: row.approvalStatus as DeviceSummary["approvalStatus"],
    lastContactAt: row.lastContactAt?.toISOString() ?? null,
    statusChangedAt: row.statusChangedAt.toISOString(),
    publicIp: row.publicIp,
    ipAddresses: row.ipAddresses.split(" ").filter(Boolean),
    agentVersion: row.agentVersion,
    pendingReboot: row.pendingReboot,
    minFreeDiskPercent:
      row.minFreeDiskPercent === null ? null : Math.round(row.minFreeDiskPercent * 100) / 100,
    totalMemoryBytes: row.totalMemoryBytes,
    softwareCount: row.softwareCount,
    roleId: row.roleId,
    roleName: row.roleName,
    tags: row.tags,
    simulated: row.simulated,
    enrolledAt: row.enrolledAt.toISOString(),
    // Written only by the alerts module, from the condition model's health codes.
    healthStatus: row.healthStatus as DeviceSummary["healthStatus"],
  };
}

export function presentDeviceDetail(
  row: SummaryRow & { inventory: unknown; inventoryUpdatedAt: Date | null },
): DeviceDetail {
  return {
    ...presentDevice(row),
    inventory: (row.inventory ?? {}) as Partial<agent.Inventory>,
    inventoryUpdatedAt: row.inventoryUpdatedAt?.toISOString() ?? null,
  };
}

export function presentActivity(row: {
  id: number;
  deviceId: number;
  deviceName: string;
  organizationId: number;
  at: Date;
  type: string;
  message: string;
}): DeviceActivity {
  return { ...row, at: row.at.toISOString() };
}
