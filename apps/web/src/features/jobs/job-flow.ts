import { notifications } from "@mantine/notifications";
import {
  DEVICES_CACHE_EXPIRED,
  DEVICES_CACHE_EXPIRED_CODE,
  type JobView,
  type SubmitJobRequest,
  type SubmitJobResponse,
} from "@steward/contracts";
import { ApiError, isApiError } from "../../api";
import { describeApiError, translate } from "../../i18n";
import { showMessageDialog } from "../../ui";
import { jobsApi } from "./api";
import { MAX_POLLS, NO_USABLE_MAC_ADRESSES, POLL_INTERVAL_MS, jobMessages } from "./messages";

/** Why a job flow stopped without success; every reason has already been shown to the user. */
export type JobFlowFailure = "submit" | "failed" | "timeout" | "poll" | "cancelled" | "wake";

export class JobFlowError extends Error {
  constructor(
    readonly reason: JobFlowFailure,
    readonly job?: JobView,
  ) {
    // i18n-exempt: never shown; every reason was shown in words before
    super(`Job flow stopped: ${reason}`);
    this.name = "JobFlowError";
  }
}

/** What the flows need from outside; tests replace the sleep or the calls. */
export interface JobFlowDeps {
  api: Pick<typeof jobsApi, "submit" | "get" | "wakeup">;
  sleep: (ms: number) => Promise<void>;
  dialog: typeof showMessageDialog;
}

export const defaultDeps: JobFlowDeps = {
  api: jobsApi,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  dialog: showMessageDialog,
};

/**
 * The devices-cache-expired error is the one submit failure the console does not show:
 * the page reloads its devices instead. The server answers it with the contract's code and resultCode.
 */
export function isDevicesCacheExpired(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === DEVICES_CACHE_EXPIRED_CODE || error.resultCode === DEVICES_CACHE_EXPIRED;
}

/**
 * Any call that queues jobs (the submit, the RUN_SCRIPT bulk action): a failure shows
 * "Error creating/updating jobs", except the devices-cache-expired error, which stays silent.
 */
export async function queueJobs<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isDevicesCacheExpired(error)) {
      notifications.show({
        color: "red",
        title: translate(jobMessages.submitFailed),
        message: describeSubmitError(error),
      });
    }
    throw new JobFlowError("submit");
  }
}

/** POST /webapp/submit/job; success when resultCode or status is SUCCESS, else "Error creating/updating jobs". */
export async function submitJobs(
  body: SubmitJobRequest,
  deps: JobFlowDeps = defaultDeps,
): Promise<SubmitJobResponse> {
  const answer = await queueJobs(() => deps.api.submit(body));
  const loose = answer as { resultCode?: unknown; status?: unknown };
  if (loose.resultCode !== "SUCCESS" && loose.status !== "SUCCESS") {
    notifications.show({
      color: "red",
      title: translate(jobMessages.submitFailed),
      message: translate(jobMessages.submitFailed),
    });
    throw new JobFlowError("submit");
  }
  return answer;
}

function describeSubmitError(error: unknown): string {
  if (error instanceof ApiError && error.message) return describeApiError(error);
  return error instanceof Error && error.message ? error.message : translate(jobMessages.submitFailed);
}

export interface WaitOptions {
  /** Text next to the progress indicator. */
  label?: string;
  deps?: JobFlowDeps;
}

let progressSeq = 0;

/**
 * The configuration job wait: polls every 1 s. COMPLETED + SUCCESS removes the progress
 * indicator and resolves; COMPLETED + failure shows "Unable to perform this action" with the
 * device's error text and rejects on OK; about 31 polls without completion show "Did not receive
 * a response from the device"; a failing poll shows "There was a problem completing the request you made".
 */
export async function waitForConfigurationJob(jobUid: string, options: WaitOptions = {}): Promise<JobView> {
  const deps = options.deps ?? defaultDeps;
  const progressId = `job-wait-${++progressSeq}`;
  notifications.show({
    id: progressId,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    title: options.label ?? translate("jobs.flow.waitingTitle"),
    message: translate("jobs.flow.waitingMessage"),
  });
  const stopProgress = () => notifications.hide(progressId);

  for (let poll = 1; poll <= MAX_POLLS; poll++) {
    await deps.sleep(POLL_INTERVAL_MS);
    let job: JobView;
    try {
      job = (await deps.api.get(jobUid)).job;
    } catch {
      stopProgress();
      await deps.dialog({
        title: translate("jobs.flow.errorTitle"),
        message: translate(jobMessages.pollFailed),
        tone: "error",
      });
      throw new JobFlowError("poll");
    }
    if (job.jobStatus === "COMPLETED") {
      stopProgress();
      if (job.jobResult === "SUCCESS") return job;
      await deps.dialog({
        title: translate(jobMessages.failedTitle),
        message: job.resultContent.errorMessage || translate(jobMessages.failedTitle),
        tone: "error",
      });
      throw new JobFlowError("failed", job);
    }
    if (job.jobStatus === "CANCELLED") {
      stopProgress();
      throw new JobFlowError("cancelled", job);
    }
  }
  stopProgress();
  await deps.dialog({
    title: translate(jobMessages.noResponseTitle),
    message: translate(jobMessages.noResponse),
    tone: "warning",
  });
  throw new JobFlowError("timeout");
}

/**
 * Wake-on-LAN before a job: the wake request first, then an info dialog. A 500 with
 * NO_USABLE_MAC_ADRESSES shows the unsuccessful dialog (the job still waits for the device);
 * any other failure shows "Error sending wake-on-lan" and stops.
 */
export async function wakeDevice(
  nodeId: number,
  deps: JobFlowDeps = defaultDeps,
): Promise<"sent" | "unusable"> {
  try {
    await deps.api.wakeup(nodeId);
  } catch (error) {
    if (isApiError(error) && error.status === 500 && error.resultCode === NO_USABLE_MAC_ADRESSES) {
      await deps.dialog({
        title: translate(jobMessages.wakeUnsuccessfulTitle),
        message: translate(jobMessages.wakeUnsuccessful),
        note: translate(jobMessages.wakeUnsuccessfulNote),
        tone: "warning",
      });
      return "unusable";
    }
    await deps.dialog({
      title: translate("jobs.flow.errorTitle"),
      message: translate(jobMessages.wakeFailed),
      tone: "error",
    });
    throw new JobFlowError("wake");
  }
  await deps.dialog({
    title: translate(jobMessages.wakeSentTitle),
    message: translate(jobMessages.wakeSent),
    tone: "info",
  });
  return "sent";
}

export interface ConfigurationJobOptions extends WaitOptions {
  /** Send wake-on-LAN first (the device is offline). */
  wakeFirst?: boolean;
}

/** Wake (optionally), submit one job for one device and wait for it as waitForConfigurationJob does. */
export async function runConfigurationJob(
  nodeId: number,
  job: SubmitJobRequest["nodes"][number]["jobs"][number],
  options: ConfigurationJobOptions = {},
): Promise<JobView> {
  const deps = options.deps ?? defaultDeps;
  if (options.wakeFirst) await wakeDevice(nodeId, deps);
  const answer = await submitJobs({ nodes: [{ nodeId, jobs: [job] }] }, deps);
  const jobUid = answer.jobs[0]?.jobUid;
  if (!jobUid) {
    notifications.show({
      color: "red",
      title: translate(jobMessages.submitFailed),
      message: translate(jobMessages.submitFailed),
    });
    throw new JobFlowError("submit");
  }
  return waitForConfigurationJob(jobUid, options);
}
