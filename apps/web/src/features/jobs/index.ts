export { jobKeys, jobsApi, type JobOutput } from "./api";
export { jobMessages, MAX_POLLS, POLL_INTERVAL_MS, NO_USABLE_MAC_ADRESSES } from "./messages";
export {
  JobFlowError,
  isDevicesCacheExpired,
  queueJobs,
  runConfigurationJob,
  submitJobs,
  wakeDevice,
  waitForConfigurationJob,
  type JobFlowDeps,
  type JobFlowFailure,
} from "./job-flow";
export { JobOutputPanel } from "./components/JobOutputPanel";
export { JobStatusBadge, jobStateLabel } from "./components/JobStatusBadge";
export { useDeviceJobs } from "./use-job-list";
export { jobScriptName } from "./job-title";
export type { JobListPage } from "./api";
