import type { MessageKey } from "../../i18n";

/** The texts users see for jobs, worded as clients already know them (never paraphrased). */
export const jobMessages = {
  submitFailed: "jobs.flow.submitFailed",
  failedTitle: "jobs.flow.failedTitle",
  noResponseTitle: "jobs.flow.noResponseTitle",
  noResponse: "jobs.flow.noResponse",
  pollFailed: "jobs.flow.pollFailed",
  wakeFailed: "jobs.flow.wakeFailed",
  wakeUnsuccessfulTitle: "jobs.flow.wakeUnsuccessfulTitle",
  wakeUnsuccessful: "jobs.flow.wakeUnsuccessful",
  wakeUnsuccessfulNote: "jobs.flow.wakeUnsuccessfulNote",
  wakeSentTitle: "jobs.flow.wakeSentTitle",
  wakeSent: "jobs.flow.wakeSent",
} as const satisfies Record<string, MessageKey>;

/** Job status is polled every 1 second; the wait gives up after about 31 polls. */
export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 31;

/** The seed's spelling of the wake-on-LAN result code. */
export const NO_USABLE_MAC_ADRESSES = "NO_USABLE_MAC_ADRESSES";
