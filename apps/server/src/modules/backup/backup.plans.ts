import { backupPlan, type BackupPlan } from "@steward/domain";

/** Reads a policy section's items for devices (the policies module's section reader). */
export interface PlanSource {
  ofDevices(section: string, deviceIds: readonly number[]): Promise<Map<number, Record<string, unknown>>>;
}

/** The file/folder plans of devices' effective policies, by device and plan id; broken items are left out. */
export async function plansOf(
  source: PlanSource,
  deviceIds: readonly number[],
): Promise<Map<number, Map<string, BackupPlan>>> {
  const sections = await source.ofDevices("backup", deviceIds);
  const out = new Map<number, Map<string, BackupPlan>>();
  for (const [deviceId, items] of sections) {
    const plans = new Map<string, BackupPlan>();
    for (const [planId, value] of Object.entries(items)) {
      const parsed = backupPlan.safeParse(value);
      if (parsed.success) plans.set(planId, parsed.data);
    }
    out.set(deviceId, plans);
  }
  return out;
}

/**
 * The repository folder of a plan inside its destination: one repository per plan, so one plan's
 * retention never removes another plan's revisions. Windows destinations keep backslashes.
 */
export function repositoryPathOf(destination: string, planId: string): string {
  const windows = /^[A-Za-z]:\\|^\\\\/.test(destination);
  const sep = windows ? "\\" : "/";
  return `${destination.replace(/[\\/]+$/, "")}${sep}steward-${planId}`;
}
