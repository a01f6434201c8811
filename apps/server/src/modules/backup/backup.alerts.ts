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

const planOf = (row: BackupJobRow) => {
  const c = row.content as BackupJobContent;
  return c.actionType === "LOCKHART_BACKUP" ? c.planId : undefined;
};

/**
 * Feeds the device's backup-failure conditions: a failed backup of a plan raises the number of
 * failed backups of that plan in a row (since its last success or the failure a technician
 * cleared), with the plan's name and the error; a success or a cleared failure raises zero,
 * which resets the alert.
 */
export function createBackupAlerts(repo: BackupRepository, raise: RaiseBackupFailures | undefined) {
  /** Failed backups of the plan in a row before the job `except`, newest first. */
  async function failuresBefore(deviceId: number, planId: string, except: string) {
    const [rows, cleared] = await Promise.all([
      repo.jobs(systemScope, { deviceIds: [deviceId] }),
      repo.clearedJobs(systemScope, [deviceId]),
    ]);
    const clearedUid = cleared.find((c) => c.planId === planId)?.clearedJobUid;
    let count = 0;
    for (const row of rows) {
      if (row.jobUid === except || planOf(row) !== planId) continue;
      if (row.jobResult === "SUCCESS" || row.jobUid === clearedUid) break;
      if (row.jobResult === "FAILURE") count += 1;
    }
    return count;
  }

  return {
    async failed(deviceId: number, jobUid: string, planId: string, planName: string, error: string) {
      if (!raise) return;
      const failures = (await failuresBefore(deviceId, planId, jobUid)) + 1;
      await raise(deviceId, "backupFailures", failures, `${planName}: ${error}`);
    },
    async succeeded(deviceId: number, planName: string, how: "succeeded" | "cleared") {
      if (!raise) return;
      await raise(deviceId, "backupFailures", 0, `${planName}: backup ${how}`);
    },
  };
}
export type BackupAlerts = ReturnType<typeof createBackupAlerts>;
