import type { JobType } from "@steward/domain";
import type { MessageKey, Translate } from "../../../i18n";
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

/** Activity and job types shown to people; a type not listed shows its own name in words. */
const typeText: Record<string, MessageKey> = {
  ENROLLED: "activities.types.enrolled",
  APPROVED: "activities.types.approved",
  REJECTED: "activities.types.rejected",
  WENT_DOWN: "activities.types.wentDown",
  CAME_UP: "activities.types.cameUp",
  INVENTORY_CHANGED: "activities.types.inventoryChanged",
  CUSTOM_FIELDS_CHANGED: "activities.types.customFieldsChanged",
  TAGS_CHANGED: "activities.types.tagsChanged",
  UPDATED: "activities.types.updated",
  ACTION: "activities.types.action",
  ACTIONSET: "activities.types.actionSet",
  CONDITION: "activities.types.condition",
  CONDITION_ACTIONSET: "activities.types.conditionActionSet",
  CONDITION_ACTION: "activities.types.conditionAction",
  ANTIVIRUS: "activities.types.antivirus",
  PATCH_MANAGEMENT: "activities.types.patchManagement",
  REMOTE_ACCESS_PROVIDER: "activities.types.remoteAccessProvider",
  SOFTWARE_PATCH_MANAGEMENT: "activities.types.softwarePatchManagement",
  BACKUP_PROVIDER_RESTORE: "activities.types.backupRestore",
  BACKUP_PROVIDER_BACKUP: "activities.types.backup",
  REBOOT_ACTION: "activities.types.reboot",
  VIRTUALIZATION: "activities.types.virtualization",
  LOCKHART: "activities.types.lockhart",
  REMOTE_CONNECT: "activities.types.remoteConnect",
  NETWORK_DISCOVERY: "activities.types.networkDiscovery",
  MDM: "activities.types.mdm",
} satisfies Record<(typeof DEVICE_ACTIVITY_TYPES)[number] | JobType, MessageKey>;

export function typeLabel(type: string, t: Translate): string {
  const id = typeText[type];
  return id ? t(id) : type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
}

/** The statuses an activity can have (a job's status, or a finished job's result). */
export const STATUSES = [
  "START_REQUESTED",
  "CANCEL_REQUESTED",
  "CANCELLED",
  "COMPLETED",
  "SUCCESS",
  "FAILURE",
] as const;

export const statusText: Record<string, MessageKey> = {
  START_REQUESTED: "activities.statuses.requested",
  CANCEL_REQUESTED: "activities.statuses.cancelRequested",
  CANCELLED: "activities.statuses.cancelled",
  COMPLETED: "activities.statuses.completed",
  SUCCESS: "activities.statuses.succeeded",
  FAILURE: "activities.statuses.failed",
} satisfies Record<(typeof STATUSES)[number], MessageKey>;

/** The time windows of the Time filter ("" is any time). */
export const TIME_OPTIONS: { value: string; label: MessageKey }[] = [
  { value: "", label: "activities.time.any" },
  { value: "1h", label: "activities.time.hour" },
  { value: "24h", label: "activities.time.day" },
  { value: "7d", label: "activities.time.week" },
  { value: "30d", label: "activities.time.month" },
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
