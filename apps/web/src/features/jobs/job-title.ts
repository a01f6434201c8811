import type { JobView } from "@steward/contracts";

/**
 * What a job ran, for lists: a cancelled job is saved as "Cancellation Request", so the
 * script it was is named beside it; null when the job name already says it.
 */
export function jobScriptName(job: Pick<JobView, "jobName" | "content">): string | null {
  const script = (job.content as { script?: { name?: unknown } }).script;
  const name = typeof script?.name === "string" ? script.name.trim() : "";
  return name && name !== job.jobName ? name : null;
}
