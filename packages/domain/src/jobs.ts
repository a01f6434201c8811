/** The job types. An unknown type is refused with the error text "Invalid Job Type". */
export const JOB_TYPES = [
  "ACTIONSET",
  "ACTION",
  "CONDITION",
  "CONDITION_ACTIONSET",
  "CONDITION_ACTION",
  "ANTIVIRUS",
  "PATCH_MANAGEMENT",
  "REMOTE_ACCESS_PROVIDER",
  "SOFTWARE_PATCH_MANAGEMENT",
  "BACKUP_PROVIDER_RESTORE",
  "BACKUP_PROVIDER_BACKUP",
  "REBOOT_ACTION",
  "VIRTUALIZATION",
  "LOCKHART",
  "REMOTE_CONNECT",
  "NETWORK_DISCOVERY",
  "MDM",
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const INVALID_JOB_TYPE_MESSAGE = "Invalid Job Type";

/** LOCKHART (backup) numeric codes named by the spec. */
export const LOCKHART_CODES = [27, 34, 100] as const;

export const JOB_STATUSES = ["START_REQUESTED", "CANCEL_REQUESTED", "CANCELLED", "COMPLETED"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobResult = "SUCCESS" | "FAILURE";

export const CANCELLATION_JOB_NAME = "Cancellation Request";

export function isJobType(value: unknown): value is JobType {
  return typeof value === "string" && (JOB_TYPES as readonly string[]).includes(value);
}

export interface JobShape {
  jobType: JobType;
  /** Backup content's actionType (LOCKHART_BACKUP, LOCKHART_RESTORE, …) and restoreType, when present. */
  content?: { actionType?: string; restoreType?: string } | null;
}

const RESTORE_TYPES_STOPPED_BY_AGENT = new Set([
  "FILE",
  "BATCH",
  "EXTRACT",
  "FILE_FOLDER",
  "VIRTUAL_DISK",
  "PHYSICAL_DISK",
]);

/**
 * Cancelling: backup, backup-by-provider, remote, and file/folder and disk-image restore
 * jobs move to CANCEL_REQUESTED (the agent stops them); all other jobs go straight to CANCELLED.
 */
export function cancelGoesThroughAgent(job: JobShape): boolean {
  switch (job.jobType) {
    case "BACKUP_PROVIDER_BACKUP":
    case "REMOTE_CONNECT":
    case "REMOTE_ACCESS_PROVIDER":
      return true;
    case "BACKUP_PROVIDER_RESTORE":
      return RESTORE_TYPES_STOPPED_BY_AGENT.has(job.content?.restoreType ?? "FILE_FOLDER");
    case "LOCKHART": {
      const action = job.content?.actionType;
      if (action === "LOCKHART_BACKUP" || action === undefined) return true;
      if (action === "LOCKHART_RESTORE")
        return RESTORE_TYPES_STOPPED_BY_AGENT.has(job.content?.restoreType ?? "FILE_FOLDER");
      return false;
    }
    case "ACTIONSET":
    case "ACTION":
    case "CONDITION":
    case "CONDITION_ACTIONSET":
    case "CONDITION_ACTION":
    case "ANTIVIRUS":
    case "PATCH_MANAGEMENT":
    case "SOFTWARE_PATCH_MANAGEMENT":
    case "REBOOT_ACTION":
    case "VIRTUALIZATION":
    case "NETWORK_DISCOVERY":
    case "MDM":
      return false;
    default: {
      const exhaustive: never = job.jobType;
      return exhaustive;
    }
  }
}

export interface JobState extends JobShape {
  jobStatus: JobStatus;
  jobResult: JobResult | null;
  /** The delivery attempt results must carry; a retry increments it. */
  attempt: number;
}

export type JobEvent =
  | { kind: "cancel" }
  /** The agent confirms it stopped a job that was CANCEL_REQUESTED. */
  | { kind: "cancelled-by-agent"; attempt: number }
  | { kind: "complete"; attempt: number; result: JobResult }
  /** A technician runs a finished job again: a new attempt. */
  | { kind: "retry" };

export type Transition = { ok: true; next: JobState } | { ok: false; reason: string };

const TERMINAL: ReadonlySet<JobStatus> = new Set(["CANCELLED", "COMPLETED"]);

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL.has(status);
}

/** The one job state machine (status changes and cancelling). Pure; the server persists its output. */
export function transition(state: JobState, event: JobEvent): Transition {
  switch (event.kind) {
    case "cancel":
      if (state.jobStatus !== "START_REQUESTED")
        return { ok: false, reason: `cannot cancel a job that is ${state.jobStatus}` };
      return {
        ok: true,
        next: { ...state, jobStatus: cancelGoesThroughAgent(state) ? "CANCEL_REQUESTED" : "CANCELLED" },
      };
    case "cancelled-by-agent":
      if (state.jobStatus !== "CANCEL_REQUESTED")
        return { ok: false, reason: "no cancellation was requested" };
      if (event.attempt !== state.attempt) return { ok: false, reason: "stale attempt" };
      return { ok: true, next: { ...state, jobStatus: "CANCELLED" } };
    case "complete":
      if (event.attempt !== state.attempt) return { ok: false, reason: "stale attempt" };
      if (state.jobStatus !== "START_REQUESTED" && state.jobStatus !== "CANCEL_REQUESTED") {
        return { ok: false, reason: `job is already ${state.jobStatus}` };
      }
      return { ok: true, next: { ...state, jobStatus: "COMPLETED", jobResult: event.result } };
    case "retry":
      if (!isTerminal(state.jobStatus)) return { ok: false, reason: "the job has not finished" };
      return {
        ok: true,
        next: { ...state, jobStatus: "START_REQUESTED", jobResult: null, attempt: state.attempt + 1 },
      };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** Invariants every reachable state keeps (checked by the property test). */
export function jobStateProblems(state: JobState): string[] {
  const problems: string[] = [];
  if (state.jobStatus === "COMPLETED" && state.jobResult === null)
    problems.push("COMPLETED without a result");
  if (state.jobStatus !== "COMPLETED" && state.jobResult !== null)
    problems.push(`${state.jobStatus} with a result`);
  if (state.jobStatus === "CANCEL_REQUESTED" && !cancelGoesThroughAgent(state))
    problems.push("CANCEL_REQUESTED for a job the agent is not asked to stop");
  if (!Number.isInteger(state.attempt) || state.attempt < 1) problems.push("attempt below 1");
  return problems;
}

const OS_LABELS: Record<string, string> = {
  WINDOWS: "Windows",
  MAC: "macOS",
  LINUX: "Linux",
  OTHER: "Other",
};

/** Whether a library script written for `scriptOs` may run on a device of `deviceOs` (ANY fits every OS). */
export function scriptFitsDevice(scriptOs: string | undefined, deviceOs: string): boolean {
  return scriptOs === undefined || scriptOs === "ANY" || scriptOs === deviceOs;
}

/**
 * The values of the same refusal for a translated text: the script, its OS, how many devices
 * misfit, the first three of them (name and OS) and how many more there are.
 */
export function scriptOsMismatchValues(
  scriptName: string,
  scriptOs: string,
  devices: readonly { name: string; os: string }[],
): { script: string; scriptOs: string; count: number; devices: string; more: number } {
  return {
    script: scriptName,
    scriptOs: OS_LABELS[scriptOs] ?? scriptOs,
    count: devices.length,
    devices: devices
      .slice(0, 3)
      .map((d) => `${d.name} (${OS_LABELS[d.os] ?? d.os})`)
      .join(", "),
    more: Math.max(0, devices.length - 3),
  };
}

/**
 * Refusal text of a submit whose library script does not fit a device's OS (the spec has no text
 * for it): names the script's OS and the first devices that run another one.
 */
export function scriptOsMismatchMessage(
  scriptName: string,
  scriptOs: string,
  devices: readonly { name: string; os: string }[],
): string {
  const shown = devices
    .slice(0, 3)
    .map((d) => `${d.name} (${OS_LABELS[d.os] ?? d.os})`)
    .join(", ");
  const more = devices.length > 3 ? ` and ${devices.length - 3} more` : "";
  const subject = devices.length === 1 ? "this device runs" : `${devices.length} devices run`;
  return `The script "${scriptName}" is written for ${OS_LABELS[scriptOs] ?? scriptOs}, but ${subject} another operating system: ${shown}${more}`;
}
