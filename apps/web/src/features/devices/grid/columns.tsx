import type { ReactNode } from "react";
import { Badge, Group, Progress, Text, Tooltip } from "@mantine/core";
import type { DeviceColumn, DeviceSortKey, DeviceSummary } from "@steward/contracts";
import { formatBytes } from "@steward/domain";
import { formatDateTime } from "../../../ui";
import { osFamilyLabels } from "../../../lib/os-labels";
import { ApprovalBadge, StatusBadge, approvalLabels } from "../components/DeviceName";
import { GridDeviceName } from "./GridDeviceName";

export type GridColumnKey =
  | "name"
  | "status"
  | "organization"
  | "location"
  | "os"
  | "role"
  | "lastContact"
  | "ipAddresses"
  | "publicIp"
  | "agentVersion"
  | "freeDisk"
  | "memory"
  | "approval"
  | "tags"
  | "enrolledAt";

export interface GridColumn {
  key: GridColumnKey;
  label: string;
  sortKey?: DeviceSortKey;
  /** The CSV export's columns for this grid column. */
  csv: DeviceColumn[];
  /** Narrowest the column gets before the grid scrolls sideways. */
  minWidth: number;
  render: (device: DeviceSummary) => ReactNode;
}

function FreeDisk({ percent }: { percent: number | null }) {
  if (percent === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const color = percent < 10 ? "red" : percent < 25 ? "yellow" : "teal";
  return (
    <Tooltip label={`Lowest free space on a volume: ${percent.toFixed(1)} %`}>
      <Group gap={6} wrap="nowrap">
        <Progress value={100 - percent} color={color} w={32} size="sm" aria-hidden />
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>{`${Math.round(percent)} %`}</Text>
      </Group>
    </Tooltip>
  );
}

export const gridColumns: GridColumn[] = [
  {
    key: "name",
    minWidth: 120,
    label: "Name",
    sortKey: "name",
    csv: ["name", "hostname"],
    render: (d) => <GridDeviceName device={d} />,
  },
  {
    key: "status",
    minWidth: 70,
    label: "Status",
    sortKey: "status",
    csv: ["status"],
    render: (d) => <StatusBadge status={d.status} />,
  },
  {
    key: "organization",
    minWidth: 110,
    label: "Organization",
    sortKey: "organization",
    csv: ["organization"],
    render: (d) => d.organizationName,
  },
  {
    key: "location",
    minWidth: 130,
    label: "Location",
    sortKey: "location",
    csv: ["location"],
    render: (d) => d.locationName,
  },
  {
    key: "os",
    minWidth: 96,
    label: "OS",
    sortKey: "os",
    csv: ["osFamily", "os"],
    render: (d) => (
      <Text size="sm" lineClamp={2} title={`${d.osName} ${d.osVersion}`}>
        {d.osName ? `${d.osName} ${d.osVersion}`.trim() : osFamilyLabels[d.osFamily]}
      </Text>
    ),
  },
  {
    key: "role",
    minWidth: 120,
    label: "Role",
    sortKey: "role",
    csv: ["role"],
    render: (d) => d.roleName ?? "—",
  },
  {
    key: "lastContact",
    minWidth: 100,
    label: "Last contact",
    sortKey: "lastContact",
    csv: ["lastContact"],
    render: (d) => formatDateTime(d.lastContactAt),
  },
  {
    key: "ipAddresses",
    minWidth: 140,
    label: "IP addresses",
    csv: ["ipAddresses"],
    render: (d) => (
      <Text size="sm" lineClamp={1} title={d.ipAddresses.join(", ")}>
        {d.ipAddresses.filter((ip) => !ip.includes(":")).join(", ") || d.ipAddresses[0] || "—"}
      </Text>
    ),
  },
  {
    key: "publicIp",
    minWidth: 130,
    label: "Public IP",
    sortKey: "publicIp",
    csv: ["publicIp"],
    render: (d) => d.publicIp ?? "—",
  },
  {
    key: "agentVersion",
    minWidth: 90,
    label: "Agent",
    sortKey: "agentVersion",
    csv: ["agentVersion"],
    render: (d) => d.agentVersion || "—",
  },
  {
    key: "freeDisk",
    minWidth: 90,
    label: "Free disk",
    sortKey: "freeDisk",
    csv: ["freeDiskPercent"],
    render: (d) => <FreeDisk percent={d.minFreeDiskPercent} />,
  },
  {
    key: "memory",
    minWidth: 90,
    label: "Memory",
    csv: ["memoryBytes"],
    render: (d) => (d.totalMemoryBytes === null ? "—" : formatBytes(d.totalMemoryBytes, 1)),
  },
  {
    key: "approval",
    minWidth: 140,
    label: "Approval",
    sortKey: "approval",
    csv: ["approval"],
    render: (d) =>
      d.approvalStatus === "APPROVED" ? (
        <Text size="sm">{approvalLabels.APPROVED}</Text>
      ) : (
        <ApprovalBadge approval={d.approvalStatus} />
      ),
  },
  {
    key: "tags",
    minWidth: 160,
    label: "Tags",
    csv: ["tags"],
    render: (d) =>
      d.tags.length === 0 ? (
        "—"
      ) : (
        <Group gap={4} wrap="nowrap">
          {d.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} size="xs" variant="outline" tt="none">
              {tag}
            </Badge>
          ))}
          {d.tags.length > 3 ? <Text size="xs" c="dimmed">{`+${d.tags.length - 3}`}</Text> : null}
        </Group>
      ),
  },
  {
    key: "enrolledAt",
    minWidth: 170,
    label: "Enrolled",
    sortKey: "enrolledAt",
    csv: ["enrolledAt"],
    render: (d) => formatDateTime(d.enrolledAt),
  },
];

/** Their minimum widths add up to what fits beside the sidebar at 1024 px (no sideways scrolling). */
export const DEFAULT_COLUMNS: GridColumnKey[] = [
  "name",
  "status",
  "organization",
  "os",
  "lastContact",
  "freeDisk",
];
const STORAGE_KEY = "steward.deviceGrid.columns";

export function loadColumnChoice(): GridColumnKey[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULT_COLUMNS;
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return DEFAULT_COLUMNS;
    const known = new Set(gridColumns.map((c) => c.key));
    const keys = parsed.filter(
      (k): k is GridColumnKey => typeof k === "string" && known.has(k as GridColumnKey),
    );
    return keys.includes("name") ? keys : ["name", ...keys];
  } catch {
    return DEFAULT_COLUMNS;
  }
}

export function saveColumnChoice(keys: GridColumnKey[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Private mode or a full store: the choice lasts for this page only.
  }
}

/** CSV export columns in the grid's order (the id first, so rows can be matched back). */
export function csvColumns(keys: GridColumnKey[]): DeviceColumn[] {
  const chosen = gridColumns.filter((c) => keys.includes(c.key)).flatMap((c) => c.csv);
  return ["id", ...chosen];
}
