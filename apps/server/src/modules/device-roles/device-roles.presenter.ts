import type { DeviceRole } from "@steward/contracts";
import type { DeviceRoleRow } from "./device-roles.repository.js";

/** A device role row as the API answers it. */
export function presentDeviceRole(row: DeviceRoleRow): DeviceRole {
  return {
    ...row,
    osFamily: row.osFamily as DeviceRole["osFamily"],
    createdAt: row.createdAt.toISOString(),
  };
}
