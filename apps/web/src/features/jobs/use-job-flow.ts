import { useMemo } from "react";
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { isTerminal } from "@steward/domain";
import { liveTopics, type JobView } from "@steward/contracts";
import { useLiveFallback, useLiveTopics } from "../../api";
import { jobKeys, jobsApi } from "./api";
import {
  JobFlowError,
  queueJobs,
  runConfigurationJob,
  submitJobs,
  waitForConfigurationJob,
  wakeDevice,
} from "./job-flow";

/**
 * The job flows for other features: each shows its own failures, then throws an error that
 * `isStopped` recognizes, so a caller only has to stop quietly.
 */
export function useJobFlow() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      submitJobs: (body: Parameters<typeof submitJobs>[0]) => submitJobs(body),
      wakeDevice: (nodeId: number) => wakeDevice(nodeId),
      queueJobs,
      runConfigurationJob,
      waitForConfigurationJob,
      /** True when a flow stopped after it had shown why. */
      isStopped: (error: unknown): boolean => error instanceof JobFlowError,
      /** After jobs were queued: every job list is stale. */
      invalidateJobLists: () => queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
    }),
    [queryClient],
  );
}

/**
 * Watches some jobs until each reaches a final status: read again when the live stream says one
 * changed, polled every 2 s only while the stream is down.
 */
export function useWatchedJobs(jobUids: readonly string[]) {
  const queryClient = useQueryClient();
  useLiveTopics(jobUids.map(liveTopics.job), (event) => {
    if (event.change === "job-output") return;
    const uid = "jobUid" in event ? event.jobUid : event.topic.slice("job:".length);
    if (uid) void queryClient.invalidateQueries({ queryKey: jobKeys.job(uid) });
  });
  const poll = useLiveFallback(2000);
  return useQueries({
    queries: jobUids.map((jobUid) => ({
      queryKey: jobKeys.job(jobUid),
      queryFn: ({ signal }: { signal: AbortSignal }) => jobsApi.get(jobUid, signal).then((a) => a.job),
      refetchInterval: (query: { state: { data?: JobView | undefined } }) =>
        query.state.data && isTerminal(query.state.data.jobStatus) ? false : poll,
    })),
  });
}

/** Asks for a job to be cancelled (POST /webapp/job/{uid}/cancel). */
export function useCancelJob(
  options: { onSuccess?: () => unknown; onError?: (error: Error) => unknown } = {},
) {
  return useMutation({
    mutationFn: (jobUid: string) => jobsApi.cancel(jobUid),
    ...(options.onSuccess ? { onSuccess: options.onSuccess } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
