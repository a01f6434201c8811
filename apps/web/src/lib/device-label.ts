import type { DeviceSummary } from "@steward/contracts";

/** A device as people name it: its display name when it has one, else its host name. */
export function deviceLabel(device: Pick<DeviceSummary, "displayName" | "hostname">): string {
  return device.displayName || device.hostname;
}
