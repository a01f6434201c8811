import type { OsFamily } from "../../lib/os-labels";

/** The operating system families a device role can be for, in the order the form offers them. */
export const osFamilies: OsFamily[] = ["WINDOWS", "MAC", "LINUX", "OTHER"];
