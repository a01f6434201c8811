import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api";
import { jobKeys, type JobListPage } from "./api";

/**
 * GET /api/webapp/job/list for one device, newest first; refreshed every 3 s while jobs run, and
 * every 15 s otherwise so that runs started elsewhere (scheduled tasks, other technicians) appear.
 */
export function useDeviceJobs(nodeId: number, page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...jobKeys.lists(), nodeId, page, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<JobListPage>("/webapp/job/list", { signal, query: { nodeId, page, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.jobs.some(
        (j) => j.jobStatus === "START_REQUESTED" || j.jobStatus === "CANCEL_REQUESTED",
      )
        ? 3000
        : 15_000,
  });
}
