import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { liveTopics } from "@steward/contracts";
import { api, useLiveInvalidate, useLiveStatus } from "../../api";
import { jobKeys, type JobListPage } from "./api";

/**
 * GET /api/webapp/job/list for one device, newest first. Read again when the live stream says a
 * job of the device was queued or changed (runs started elsewhere too: scheduled tasks, other
 * technicians); only while the stream is down is it polled, every 3 s while jobs run, else 15 s.
 */
export function useDeviceJobs(nodeId: number, page: number, pageSize = 20) {
  useLiveInvalidate(
    liveTopics.device(nodeId),
    () => [jobKeys.lists()],
    (event) => event.change === "job",
  );
  const live = useLiveStatus() === "live";
  return useQuery({
    queryKey: [...jobKeys.lists(), nodeId, page, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<JobListPage>("/webapp/job/list", { signal, query: { nodeId, page, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      live
        ? false
        : query.state.data?.jobs.some(
              (j) => j.jobStatus === "START_REQUESTED" || j.jobStatus === "CANCEL_REQUESTED",
            )
          ? 3000
          : 15_000,
  });
}
