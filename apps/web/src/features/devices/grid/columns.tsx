import type { ReactNode } from "react";
import { Badge, Group, Progress, Text, Tooltip } from "@mantine/core";
import type { DeviceColumn, DeviceSortKey, DeviceSummary } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { formatBytes, formatDateTime, formatNumber } from "../../../ui";
import type { OsFamily } from "../../../lib/os-labels";
import { ApprovalBadge, StatusBadge } from "../components/DeviceName";
import { HealthBadge } from "../components/DeviceHealth";
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
  | "enrolledAt"
  | "health";

/** How the grid names an operating system family when the agent reported no OS name. */
export const osFamilyText: Record<OsFamily, MessageKey> = {
  WINDOWS: "devicesGrid.os.WINDOWS",
  MAC: "devicesGrid.os.MAC",
  LINUX: "devicesGrid.os.LINUX",
  OTHER: "devicesGrid.os.OTHER",
};

export interface GridColumn {
  key: GridColumnKey;
  /** The column's header (also its name in the column chooser and its sort button). */
  label: MessageKey;
  sortKey?: DeviceSortKey;
  /** The CSV export's columns for this grid column. */
  csv: DeviceColumn[];
  /** Narrowest the column gets before the grid scrolls sideways. */
  minWidth: number;
  render: (device: DeviceSummary) => ReactNode;
}

function OsName({ device }: { device: DeviceSummary }) {
  const t = useT();
  // The agent's own words for its system: shown as reported, never translated.
  const reported = `${device.osName} ${device.osVersion}`;
  return (
    <Text size="sm" lineClamp={2} title={reported}>
      {device.osName ? reported.trim() : t(osFamilyText[device.osFamily])}
    </Text>
  );
}

function Approval({ approval }: { approval: DeviceSummary["approvalStatus"] }) {
  const t = useT();
  return approval === "APPROVED" ? (
    <Text size="sm">{t("devicesGrid.columns.approved")}</Text>
  ) : (
    <ApprovalBadge approval={approval} />
  );
}

function MoreTags({ count }: { count: number }) {
  const t = useT();
  return (
    <Text size="xs" c="dimmed">
      {t("devicesGrid.columns.moreTags", { count })}
    </Text>
  );
}

function FreeDisk({ percent }: { percent: number | null }) {
  const t = useT();
  if (percent === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const color = percent < 10 ? "red" : percent < 25 ? "yellow" : "teal";
  return (
    <Tooltip
      label={t("devicesGrid.columns.freeDiskTooltip", {
        percent: formatNumber(percent, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      })}
    >
      <Group gap={6} wrap="nowrap">
        <Progress value={100 - percent} color={color} w={32} size="sm" aria-hidden />
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {t("devicesGrid.columns.freeDiskPercent", { percent: Math.round(percent) })}
        </Text>
      </Group>
    </Tooltip>
  );
}

export const gridColumns: GridColumn[] = [
  {
    key: "name",
    minWidth: 120,
    label: "devicesGrid.columns.name",
    sortKey: "name",
    csv: ["name", "hostname"],
    render: (d) => <GridDeviceName device={d} />,
  },
  {
    key: "status",
    minWidth: 70,
    label: "devicesGrid.columns.status",
    sortKey: "status",
    csv: ["status"],
    render: (d) => <StatusBadge status={d.status} />,
  },
  {
    key: "health",
    minWidth: 100,
    label: "devicesGrid.columns.health",
    sortKey: "health",
    csv: ["health"],
    render: (d) => <HealthBadge health={d.healthStatus} />,
  },
  {
    key: "organization",
    minWidth: 110,
    label: "devicesGrid.columns.organization",
    sortKey: "organization",
    csv: ["organization"],
    render: (d) => d.organizationName,
  },
  {
    key: "location",
    minWidth: 130,
    label: "devicesGrid.columns.location",
    sortKey: "location",
    csv: ["location"],
    render: (d) => d.locationName,
  },
  {
    key: "os",
    minWidth: 96,
    label: "devicesGrid.columns.os",
    sortKey: "os",
    csv: ["osFamily", "os"],
    render: (d) => <OsName device={d} />,
  },
  {
    key: "role",
    minWidth: 120,
    label: "devicesGrid.columns.role",
    sortKey: "role",
    csv: ["role"],
    render: (d) => d.roleName ?? "—",
  },
  {
    key: "lastContact",
    minWidth: 100,
    label: "devicesGrid.columns.lastContact",
    sortKey: "lastContact",
    csv: ["lastContact"],
    render: (d) => formatDateTime(d.lastContactAt),
  },
  {
    key: "ipAddresses",
    minWidth: 140,
    label: "devicesGrid.columns.ipAddresses",
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
    label: "devicesGrid.columns.publicIp",
    sortKey: "publicIp",
    csv: ["publicIp"],
    render: (d) => d.publicIp ?? "—",
  },
  {
    key: "agentVersion",
    minWidth: 90,
    label: "devicesGrid.columns.agentVersion",
    sortKey: "agentVersion",
    csv: ["agentVersion"],
    render: (d) => d.agentVersion || "—",
  },
  {
    key: "freeDisk",
    minWidth: 90,
    label: "devicesGrid.columns.freeDisk",
    sortKey: "freeDisk",
    csv: ["freeDiskPercent"],
    render: (d) => <FreeDisk percent={d.minFreeDiskPercent} />,
  },
  {
    key: "memory",
    minWidth: 90,
    label: "devicesGrid.columns.memory",
    csv: ["memoryBytes"],
    render: (d) => (d.totalMemoryBytes === null ? "—" : formatBytes(d.totalMemoryBytes, 1)),
  },
  {
    key: "approval",
    minWidth: 140,
    label: "devicesGrid.columns.approval",
    sortKey: "approval",
    csv: ["approval"],
    render: (d) => <Approval approval={d.approvalStatus} />,
  },
  {
    key: "tags",
    minWidth: 160,
    label: "devicesGrid.columns.tags",
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
          {d.tags.length > 3 ? <MoreTags count={d.tags.length - 3} /> : null}
        </Group>
      ),
  },
  {
    key: "enrolledAt",
    minWidth: 170,
    label: "devicesGrid.columns.enrolledAt",
    sortKey: "enrolledAt",
    csv: ["enrolledAt"],
    render: (d) => formatDateTime(d.enrolledAt),
  },
];

/**
 * Their minimum widths add up to what fits beside the sidebar at 1024 px (no sideways scrolling).
 * Health is one column choice away; the health filter, the built-in searches and the device's
 * header show it without it.
 */
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
