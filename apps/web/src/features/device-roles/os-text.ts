import type { MessageKey } from "../../i18n";
import type { OsFamily } from "../../lib/os-labels";

/** How a device role's operating system family is named. */
export const osFamilyText: Record<OsFamily, MessageKey> = {
  WINDOWS: "deviceRoles.os.WINDOWS",
  MAC: "deviceRoles.os.MAC",
  LINUX: "deviceRoles.os.LINUX",
  OTHER: "deviceRoles.os.OTHER",
};

export const osFamilies: OsFamily[] = ["WINDOWS", "MAC", "LINUX", "OTHER"];
