import type { JobView } from "@steward/contracts";
import type { JobRow } from "./jobs.repository.js";

type DataMessage = { message?: { code: string; params: Record<string, unknown> } | null };

export function presentJob(row: JobRow): JobView {
  const result = row.resultContent as { errorMessage?: string | null; outcome?: string | null };
  const data = row.data as DataMessage;
  return {
    jobUid: row.jobUid,
    jobType: row.jobType,
    jobStatus: row.jobStatus as JobView["jobStatus"],
    jobName: row.jobName,
    message: row.message,
    data: { message: data.message ?? null },
    appUserId: row.appUserId,
    content: row.content as Record<string, unknown>,
    presetName: (row.content as { presetName?: string }).presetName ?? null,
    jobResult: (row.jobResult as JobView["jobResult"]) ?? null,
    resultContent: {
      errorMessage: result.errorMessage ?? null,
      exitCode: row.exitCode,
      outcome: result.outcome ?? null,
    },
    nodeId: row.deviceId,
    attempt: row.attempt,
    delivery: row.delivery as JobView["delivery"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
