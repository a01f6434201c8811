export type { JobOutput, JobListPage } from "./api";
export { useJobFlow, useWatchedJobs, useCancelJob } from "./use-job-flow";
export { JobOutputPanel } from "./components/JobOutputPanel";
export { JobStatusBadge } from "./components/JobStatusBadge";
export { JobScriptNote } from "./components/JobScriptNote";
export { useDeviceJobs } from "./use-job-list";
