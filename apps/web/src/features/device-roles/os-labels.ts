import type { DeviceSummary } from "@steward/contracts";

export type OsFamily = DeviceSummary["osFamily"];

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
