import type { Activity, PendingJob } from "@steward/contracts";
import type { ActivityRow, PendingRow } from "./activities.repository.js";

export function presentPendingJob(row: PendingRow): PendingJob {
  return {
    jobUid: row.jobUid,
    jobType: row.jobType,
    jobStatus: row.jobStatus as PendingJob["jobStatus"],
    jobName: row.jobName,
    scriptName: row.scriptName,
    scriptId: row.scriptId === null ? null : Number(row.scriptId),
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    delivery: row.delivery,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a job activity says: its name and where it stands (a failure with the device's error text). */
function jobMessage(row: ActivityRow): string {
  const name = row.jobName ?? row.type;
  switch (row.status) {
    case "START_REQUESTED":
      return `${name}: requested`;
    case "CANCEL_REQUESTED":
      return `${name}: cancellation requested`;
    case "CANCELLED":
      return `${name}: cancelled`;
    case "COMPLETED":
      return row.result === "SUCCESS"
        ? `${name}: completed`
        : `${name}: failed${row.message ? ` (${row.message})` : ""}`;
    default:
      return name;
  }
}

export function presentActivity(row: ActivityRow): Activity {
  return {
    key: row.key,
    source: row.source,
    at: new Date(row.at).toISOString(),
    type: row.type,
    status: row.status,
    result: row.result === "SUCCESS" || row.result === "FAILURE" ? row.result : null,
    message: row.source === "JOB" ? jobMessage(row) : (row.message ?? ""),
    jobUid: row.jobUid,
    jobName: row.jobName,
    deviceId: Number(row.deviceId),
    deviceName: row.deviceName,
    organizationId: Number(row.organizationId),
    userId: row.userId === null ? null : Number(row.userId),
    userName: row.userName,
  };
}
