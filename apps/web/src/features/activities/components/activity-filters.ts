import type { ActivityFilters } from "../api";

export const DEVICE_ACTIVITY_TYPES = [
  "ENROLLED",
  "APPROVED",
  "REJECTED",
  "WENT_DOWN",
  "CAME_UP",
  "INVENTORY_CHANGED",
  "CUSTOM_FIELDS_CHANGED",
  "TAGS_CHANGED",
  "UPDATED",
] as const;

const labels: Record<string, string> = {
  ENROLLED: "Enrolled",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  WENT_DOWN: "Went down",
  CAME_UP: "Came up",
  INVENTORY_CHANGED: "Inventory changed",
  CUSTOM_FIELDS_CHANGED: "Custom fields changed",
  TAGS_CHANGED: "Tags changed",
  UPDATED: "Settings changed",
  ACTION: "Script",
  ACTIONSET: "Action set",
  REBOOT_ACTION: "Reboot",
};

export function typeLabel(type: string): string {
  return labels[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
}

export const STATUS_OPTIONS = [
  { value: "START_REQUESTED", label: "Requested" },
  { value: "CANCEL_REQUESTED", label: "Cancel requested" },
  { value: "CANCELLED", label: "Cancelled" },
  { value: "COMPLETED", label: "Completed" },
  { value: "SUCCESS", label: "Succeeded" },
  { value: "FAILURE", label: "Failed" },
];

export const TIME_OPTIONS = [
  { value: "", label: "Any time" },
  { value: "1h", label: "Last hour" },
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
];

const SPANS: Record<string, number> = {
  "1h": 3600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};

/** Filters from the page URL (type, status, user, since). `now` is injected for tests. */
export function parseActivityFilters(
  params: URLSearchParams,
  now = Date.now(),
): ActivityFilters & { since: string } {
  const list = (key: string) =>
    (params.get(key) ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => /^[A-Z_]{1,60}$/.test(s));
  const user = Number(params.get("userId"));
  const since = params.get("since") ?? "";
  const span = SPANS[since];
  return {
    types: list("type"),
    statuses: list("status"),
    userId: Number.isInteger(user) && user > 0 ? user : null,
    from: span ? new Date(now - span).toISOString() : null,
    to: null,
    since: span ? since : "",
  };
}
