import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BackupJobStatus,
  BackupPlanStatus,
  BackupRevision,
  RestoreRequest,
  RevisionTree,
} from "@steward/contracts";
import { api } from "../../api";

const BASE = "/backup/lockhart";

/** Where a backup list comes from: one device, one organization, or every device in reach. */
export type BackupScope =
  { kind: "device"; id: number } | { kind: "organization"; id: number } | { kind: "system" };

export const backupKeys = {
  all: ["backup"] as const,
  plans: (scope: BackupScope) => [...backupKeys.all, "plans", scope] as const,
  jobs: (scope: BackupScope) => [...backupKeys.all, "jobs", scope] as const,
  revisions: (deviceId: number) => [...backupKeys.all, "revisions", deviceId] as const,
  tree: (deviceId: number, revisionId: string) => [...backupKeys.all, "tree", deviceId, revisionId] as const,
};

/** How often lists refresh while a backup or restore runs (the spec's polling interval). */
export const RUNNING_POLL_MS = 1000;

const isRunning = (job: BackupJobStatus) =>
  job.jobStatus === "START_REQUESTED" || job.jobStatus === "CANCEL_REQUESTED";

const plansUrl = (scope: BackupScope) =>
  scope.kind === "device"
    ? `${BASE}/nodes/${scope.id}/plans-status`
    : scope.kind === "organization"
      ? `${BASE}/plans-status?clientId=${scope.id}`
      : `${BASE}/plans-status`;

const jobsUrl = (scope: BackupScope) =>
  scope.kind === "device"
    ? `${BASE}/jobs?nodeId=${scope.id}`
    : scope.kind === "organization"
      ? `${BASE}/jobs?clientId=${scope.id}`
      : `${BASE}/jobs`;

export function useBackupPlans(scope: BackupScope) {
  return useQuery({
    queryKey: backupKeys.plans(scope),
    queryFn: ({ signal }) => api.get<{ items: BackupPlanStatus[] }>(plansUrl(scope), { signal }),
    select: (data) => data.items,
    refetchInterval: (query) =>
      query.state.data?.items.some((p) => p.status === "RUNNING") ? RUNNING_POLL_MS : false,
  });
}

export function useBackupJobs(scope: BackupScope) {
  return useQuery({
    queryKey: backupKeys.jobs(scope),
    queryFn: ({ signal }) => api.get<{ items: BackupJobStatus[] }>(jobsUrl(scope), { signal }),
    select: (data) => data.items,
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? RUNNING_POLL_MS : false),
  });
}

export function useRevisions(deviceId: number) {
  return useQuery({
    queryKey: backupKeys.revisions(deviceId),
    queryFn: ({ signal }) =>
      api.get<{ items: BackupRevision[] }>(`${BASE}/nodes/${deviceId}/revisions`, { signal }),
    select: (data) => data.items,
  });
}

export function useRevisionTree(deviceId: number, revisionId: string | null) {
  return useQuery({
    queryKey: backupKeys.tree(deviceId, revisionId ?? ""),
    queryFn: ({ signal }) =>
      api.get<RevisionTree>(`${BASE}/nodes/${deviceId}/revisions/${revisionId ?? ""}/tree`, { signal }),
    enabled: revisionId !== null,
    placeholderData: keepPreviousData,
  });
}

type Submitted = { resultCode: "SUCCESS"; jobUid: string };

/** Backup calls that start or stop work; every backup list is refreshed after them. */
export function useBackupActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backupKeys.all });
  return {
    runBackup: useMutation({
      mutationFn: (v: { deviceId: number; planId: string }) =>
        api.post<Submitted>(`${BASE}/nodes/${v.deviceId}/plans/${encodeURIComponent(v.planId)}/backup`, {}),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (v: { deviceId: number; request: RestoreRequest }) =>
        api.post<Submitted>(`${BASE}/nodes/${v.deviceId}/restore`, v.request),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (jobUid: string) =>
        api.post<Submitted>(`${BASE}/jobs/${encodeURIComponent(jobUid)}/cancel`),
      onSuccess: refresh,
    }),
    ignore: useMutation({
      mutationFn: (v: { deviceId: number; planId: string; jobUid: string }) =>
        api.put(
          `${BASE}/nodes/${v.deviceId}/plans-status/${encodeURIComponent(v.planId)}/jobs/${encodeURIComponent(v.jobUid)}/ignore`,
        ),
      onSuccess: refresh,
    }),
  };
}
