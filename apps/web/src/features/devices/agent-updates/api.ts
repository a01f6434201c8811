import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AgentRelease,
  CreateRolloutRequest,
  DeviceAgentReport,
  Rollout,
  RolloutDeviceState,
} from "@steward/contracts";
import { api } from "../../../api";

export interface RolloutDevicePage {
  items: {
    deviceId: number;
    deviceName: string;
    organizationId: number;
    ring: number;
    state: RolloutDeviceState;
    reason: string | null;
    updatedAt: string;
  }[];
  total: number;
}

export const agentUpdateKeys = {
  all: ["agent-updates"] as const,
  report: (deviceId: number) => [...agentUpdateKeys.all, "report", deviceId] as const,
  releases: () => [...agentUpdateKeys.all, "releases"] as const,
  rollouts: () => [...agentUpdateKeys.all, "rollouts"] as const,
  devices: (rolloutId: number, state: string, page: number) =>
    [...agentUpdateKeys.all, "rollout-devices", rolloutId, state, page] as const,
};

/** What a device's agent last said about itself, and how its last update went. */
export function useDeviceAgentReport(deviceId: number) {
  return useQuery({
    queryKey: agentUpdateKeys.report(deviceId),
    queryFn: ({ signal }) => api.get<DeviceAgentReport>(`/devices/${deviceId}/agent`, { signal }),
  });
}

export function useAgentReleases() {
  return useQuery({
    queryKey: agentUpdateKeys.releases(),
    queryFn: ({ signal }) => api.get<{ items: AgentRelease[] }>("/agent-releases", { signal }),
  });
}

/** The rollouts, refreshed while one runs so its progress moves on screen. */
export function useRollouts() {
  return useQuery({
    queryKey: agentUpdateKeys.rollouts(),
    queryFn: ({ signal }) => api.get<{ items: Rollout[] }>("/agent-rollouts", { signal }),
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.state === "RUNNING") ? 5_000 : false),
  });
}

export function useRolloutDevices(rolloutId: number, state: RolloutDeviceState | null, page: number) {
  const qs = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) });
  return useQuery({
    queryKey: agentUpdateKeys.devices(rolloutId, state ?? "", page),
    queryFn: ({ signal }) =>
      api.get<RolloutDevicePage>(`/agent-rollouts/${rolloutId}/devices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStartRollout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRolloutRequest) => api.post<Rollout>("/agent-rollouts", body),
    onSuccess: () => client.invalidateQueries({ queryKey: agentUpdateKeys.all }),
  });
}

export function useSetRolloutPaused() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      api.post<Rollout>(`/agent-rollouts/${id}/${paused ? "pause" : "resume"}`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: agentUpdateKeys.all }),
  });
}
