import type { JobView, SubmitJobRequest, SubmitJobResponse } from "@steward/contracts";
import { api } from "../../api";

export type JobOutput = { stdout: string; stderr: string; truncated: boolean; exitCode: number | null };

export const jobKeys = {
  all: ["jobs"] as const,
  job: (uid: string) => [...jobKeys.all, "job", uid] as const,
  output: (uid: string) => [...jobKeys.all, "output", uid] as const,
  lists: () => [...jobKeys.all, "list"] as const,
};

/** The job calls of the seed's call table, under /api. */
export const jobsApi = {
  submit: (body: SubmitJobRequest) => api.post<SubmitJobResponse>("/webapp/submit/job", body),
  get: (jobUid: string, signal?: AbortSignal) =>
    api.get<{ resultCode: string; job: JobView }>(
      `/webapp/job/${encodeURIComponent(jobUid)}`,
      signal ? { signal } : {},
    ),
  output: (jobUid: string, signal?: AbortSignal) =>
    api.get<JobOutput>(`/webapp/job/${encodeURIComponent(jobUid)}/output`, signal ? { signal } : {}),
  cancel: (jobUid: string) =>
    api.post<{ resultCode: string; job: JobView }>(`/webapp/job/${encodeURIComponent(jobUid)}/cancel`),
  wakeup: (nodeId: number) => api.get<{ resultCode: string }>(`/node/${nodeId}/wakeup`),
};

export interface JobListPage {
  jobs: JobView[];
  total: number;
  page: number;
  pageSize: number;
}
