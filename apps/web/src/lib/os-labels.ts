import type { DeviceSummary } from "@steward/contracts";
import type { ScriptOs } from "@steward/domain";

export type OsFamily = DeviceSummary["osFamily"];

/** How a device's operating system family is named everywhere in the console. */
export const osFamilyLabels: Record<OsFamily, string> = {
  WINDOWS: "Windows",
  MAC: "macOS",
  LINUX: "Linux",
  OTHER: "Other",
};

export const osFamilyOptions: { value: OsFamily; label: string }[] = [
  { value: "WINDOWS", label: "Windows" },
  { value: "MAC", label: "macOS" },
  { value: "LINUX", label: "Linux" },
  { value: "OTHER", label: "Other" },
];

/** The operating systems a script targets ("ANY": every one). */
export const scriptOsLabels: Record<ScriptOs, string> = {
  WINDOWS: "Windows",
  MAC: "macOS",
  LINUX: "Linux",
  ANY: "Any OS",
};
