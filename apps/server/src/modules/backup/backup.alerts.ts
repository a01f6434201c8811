import { systemScope } from "../../platform/identity/index.js";
import type { BackupJobRow, BackupRepository } from "./backup.repository.js";
import type { BackupJobContent } from "./backup.presenter.js";

/** The alerts' entry point for failures other areas report (absent: backup raises no alerts). */
export type RaiseBackupFailures = (
  deviceId: number,
  kind: "backupFailures",
  failures: number,
  detail: string,
) => Promise<void>;

/** A plan's failed backups in a row, and the newest of them. */
interface Failing {
  count: number;
  planName: string;
  error: string;
}

const contentOf = (row: BackupJobRow) => row.content as BackupJobContent;
const errorOf = (row: BackupJobRow) =>
  (row.resultContent as { errorMessage?: string | null } | null)?.errorMessage ?? "backup failed";

/**
 * Feeds the device's backup-failure conditions with the failed backups in a row of its worst
 * plan (since that plan's last success or the failure a technician cleared), and the plan's name
 * with the error. A failure raises the new figure; a success or a cleared failure takes that plan
 * out, so the figure drops to the other plans' (zero resets the alert).
 */
export function createBackupAlerts(repo: BackupRepository, raise: RaiseBackupFailures | undefined) {
  /** Each plan's failures in a row on the device, leaving out the job `except` (still being recorded). */
  async function failingPlans(deviceId: number, except: string): Promise<Map<string, Failing>> {
    const [rows, cleared] = await Promise.all([
      repo.jobs(systemScope, { deviceIds: [deviceId] }),
      repo.clearedJobs(systemScope, [deviceId]),
    ]);
    const clearedOf = new Map(cleared.map((c) => [c.planId, c.clearedJobUid]));
    const found = new Map<string, Failing>();
    const settled = new Set<string>();
    for (const row of rows) {
      const c = contentOf(row);
      if (row.jobUid === except || c.actionType !== "LOCKHART_BACKUP" || !c.planId) continue;
      // Still running, or cancelled: neither a failure nor a success.
      if (settled.has(c.planId) || row.jobResult === null || row.jobStatus === "CANCELLED") continue;
      if (row.jobResult === "SUCCESS" || clearedOf.get(c.planId) === row.jobUid) {
        settled.add(c.planId);
        continue;
      }
      const seen = found.get(c.planId);
      if (seen) seen.count += 1;
      else found.set(c.planId, { count: 1, planName: c.planName ?? c.planId, error: errorOf(row) });
    }
    return found;
  }

  const worst = (plans: Iterable<Failing>) => {
    let out: Failing | null = null;
    for (const p of plans) if (!out || p.count > out.count) out = p;
    return out;
  };

  return {
    async failed(deviceId: number, jobUid: string, planId: string, planName: string, error: string) {
      if (!raise) return;
      const plans = await failingPlans(deviceId, jobUid);
      const count = (plans.get(planId)?.count ?? 0) + 1;
      const others = worst([...plans].filter(([id]) => id !== planId).map(([, p]) => p));
      await raise(deviceId, "backupFailures", Math.max(count, others?.count ?? 0), `${planName}: ${error}`);
    },
    async succeeded(deviceId: number, jobUid: string, planId: string, planName: string, how: string) {
      if (!raise) return;
      const plans = await failingPlans(deviceId, jobUid);
      plans.delete(planId);
      const other = worst(plans.values());
      if (other) await raise(deviceId, "backupFailures", other.count, `${other.planName}: ${other.error}`);
      else await raise(deviceId, "backupFailures", 0, `${planName}: backup ${how}`);
    },
  };
}
export type BackupAlerts = ReturnType<typeof createBackupAlerts>;
