import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import type { DeviceList, OrganizationList, ScriptList } from "@steward/contracts";
import { api } from "../../api";
import { useCan } from "../../features/auth";
import { deviceLabel } from "../../lib/device-label";
import { useT } from "../../i18n";

/** Results per kind: the palette is for jumping, the lists are for browsing. */
export const PALETTE_RESULT_LIMIT = 5;
/** Shorter queries would match nearly everything. */
export const PALETTE_MIN_QUERY = 2;
export const PALETTE_DEBOUNCE_MS = 250;

export interface PaletteResult {
  key: string;
  label: string;
  description: string;
  to: string;
}

export interface PaletteResultGroup {
  kind: "devices" | "organizations" | "scripts";
  title: string;
  items: PaletteResult[];
  loading: boolean;
  failed: boolean;
}

/** Looks the query up in devices, organizations and scripts (the server limits each to the user's scope). */
export function usePaletteSearch(query: string): PaletteResultGroup[] {
  const can = useCan();
  const t = useT();
  const [debounced] = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const search = debounced.length >= PALETTE_MIN_QUERY ? debounced : "";
  const page = { page: 1, pageSize: PALETTE_RESULT_LIMIT, search };

  const devices = useQuery({
    queryKey: ["palette", "devices", page],
    enabled: search !== "" && can("devices.read"),
    queryFn: ({ signal }) => api.get<DeviceList>("/devices", { signal, query: { ...page, sort: "name" } }),
  });
  const organizations = useQuery({
    queryKey: ["palette", "organizations", page],
    enabled: search !== "" && can("organizations.read"),
    queryFn: ({ signal }) =>
      api.get<OrganizationList>("/organizations", { signal, query: { ...page, sort: "name" } }),
  });
  const scripts = useQuery({
    queryKey: ["palette", "scripts", page],
    enabled: search !== "" && can("devices.read"),
    queryFn: ({ signal }) => api.get<ScriptList>("/scripts", { signal, query: page }),
  });

  if (search === "") return [];
  const groups: PaletteResultGroup[] = [];
  if (can("devices.read")) {
    groups.push({
      kind: "devices",
      title: t("shell.palette.devices"),
      loading: devices.isPending,
      failed: devices.isError,
      items: (devices.data?.items ?? []).slice(0, PALETTE_RESULT_LIMIT).map((device) => ({
        key: `device-${device.id}`,
        label: deviceLabel(device),
        description: t("shell.palette.deviceWhere", {
          organization: device.organizationName,
          location: device.locationName,
        }),
        to: `/deviceDashboard/${device.id}/overview`,
      })),
    });
  }
  if (can("organizations.read")) {
    groups.push({
      kind: "organizations",
      title: t("shell.palette.organizations"),
      loading: organizations.isPending,
      failed: organizations.isError,
      items: (organizations.data?.items ?? []).slice(0, PALETTE_RESULT_LIMIT).map((organization) => ({
        key: `organization-${organization.id}`,
        label: organization.name,
        description: t("shell.palette.deviceCount", { count: organization.deviceCount }),
        to: `/customerDashboard/${organization.id}/overview`,
      })),
    });
  }
  if (can("devices.read")) {
    groups.push({
      kind: "scripts",
      title: t("shell.palette.scripts"),
      loading: scripts.isPending,
      failed: scripts.isError,
      items: (scripts.data?.items ?? []).slice(0, PALETTE_RESULT_LIMIT).map((script) => ({
        key: `script-${script.id}`,
        label: script.name,
        description: script.description,
        to: `/editor/script/${script.id}`,
      })),
    });
  }
  return groups;
}
