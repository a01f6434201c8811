/** The low-disk-space search matches free space below 10 percent. */
export const LOW_DISK_THRESHOLD_PERCENT = 10;

/**
 * The fixed filters behind the built-in searches: names such as ALL, UP, DOWN and WARNING
 * each map to one fixed filter. Each is expressed in the plain criteria
 * fields the device grid understands, so the server has one filter implementation.
 */
/**
 * The named conditions of built-in searches. noInventory: the device never reported an inventory;
 * neverConnected: enrolled, but its agent never connected (an install that did not finish).
 * failedPatches and networkDevice match nothing until patching and network monitoring exist.
 */
export type FixedCondition =
  | "lowDisk"
  | "needsReboot"
  | "pendingApproval"
  | "noInventory"
  | "neverConnected"
  | "failedPatches"
  | "networkDevice";

export interface FixedCriteria {
  status?: ("UP" | "DOWN")[];
  /** The health the alerts give the device (the worst of its open alerts). */
  health?: ("HEALTHY" | "NEEDS_ATTENTION" | "UNHEALTHY" | "UNKNOWN")[];
  approval?: ("APPROVED" | "PENDING" | "REJECTED")[];
  lowDisk?: boolean;
  needsReboot?: boolean;
  hasSoftwareInventory?: boolean;
  /** Any of these conditions (used by WARNING and INSTALL_ISSUES). */
  anyOf?: FixedCondition[];
  failedPatches?: boolean;
  networkDevice?: boolean;
  /** The agent runs an older version than the newest one published for self-update. */
  outdatedAgent?: boolean;
}

export const builtInSearches = {
  ALL: { label: "All devices", criteria: {} },
  UP: { label: "Up", criteria: { status: ["UP"] } },
  DOWN: { label: "Down", criteria: { status: ["DOWN"] } },
  // Until alert conditions exist, a warning is a device that needs a technician's attention.
  WARNING: { label: "Warning", criteria: { anyOf: ["lowDisk", "needsReboot", "pendingApproval"] } },
  SOFTWARE_INVENTORY: { label: "Software inventory", criteria: { hasSoftwareInventory: true } },
  LOW_DISK_SPACE: { label: "Low disk space", criteria: { lowDisk: true } },
  FAILED_PATCHES: { label: "Failed patches", criteria: { failedPatches: true } },
  NETWORK_DEVICES: { label: "Network devices", criteria: { networkDevice: true } },
  NEEDS_REBOOT: { label: "Needs reboot", criteria: { needsReboot: true } },
  INSTALL_ISSUES: {
    label: "Install issues",
    criteria: { anyOf: ["pendingApproval", "noInventory", "neverConnected"] },
  },
  UNHEALTHY: { label: "Unhealthy devices", criteria: { health: ["UNHEALTHY"] } },
  NEEDS_ATTENTION: { label: "Needs attention", criteria: { health: ["NEEDS_ATTENTION"] } },
  OUTDATED_AGENTS: { label: "Outdated agents", criteria: { outdatedAgent: true } },
} as const satisfies Record<string, { label: string; criteria: FixedCriteria }>;

export type BuiltInSearchName = keyof typeof builtInSearches;
export const builtInSearchNames = Object.keys(builtInSearches) as BuiltInSearchName[];

/** True when a volume list has a volume with less than 10 % free (what LOW_DISK_SPACE finds). */
export function isLowDisk(volumes: { sizeBytes: number; freeBytes: number }[]): boolean {
  return volumes.some(
    (v) => v.sizeBytes > 0 && (v.freeBytes / v.sizeBytes) * 100 < LOW_DISK_THRESHOLD_PERCENT,
  );
}
