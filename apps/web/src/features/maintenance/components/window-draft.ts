import { z } from "zod";
import {
  saveMaintenanceWindowRequest,
  type MaintenanceWindow,
  type SaveMaintenanceWindowRequest,
} from "@steward/contracts";
import { DAYS_OF_WEEK, type DayOfWeek } from "@steward/domain";

export type RecurringRepeats = "DAILY" | "WEEKLY" | "MONTHLY" | "EVERY";

/** The dialog's fields, named like the request's so the server's field errors land on them. */
export interface WindowDraft extends Record<string, unknown> {
  name: string;
  enabled: boolean;
  wholeOrganization: boolean;
  targets: { deviceIds: string[]; groupIds: string[]; locationIds: string[]; organizationIds: string[] };
  timing: {
    kind: "ONE_OFF" | "RECURRING";
    /** datetime-local values (the reader's clock). */
    startsAt: string;
    endsAt: string;
    repeats: RecurringRepeats;
    repeatsEveryCount: number;
    time: string;
    daysOfWeek: DayOfWeek[];
    dayOfMonth: number;
    endDate: string;
    timeZone: string;
    durationMinutes: number;
  };
  suppress: { alerts: boolean; notifications: boolean; automations: boolean };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value on the reader's clock. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an instant (empty or invalid: the text itself, which the contract refuses). */
function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : value;
}

export function draftOf(
  w: MaintenanceWindow | null,
  organizationId: number | null,
  timeZone: string,
  now = new Date(),
): WindowDraft {
  const ids = (list: number[] | undefined) => (list ?? []).map(String);
  const hour = 3_600_000;
  const recurring = w?.timing.kind === "RECURRING" ? w.timing : null;
  const oneOff = w?.timing.kind === "ONE_OFF" ? w.timing : null;
  const whole = organizationId !== null && (w === null || w.targets.organizationIds.includes(organizationId));
  return {
    name: w?.name ?? "",
    enabled: w?.enabled ?? true,
    wholeOrganization: whole,
    targets: {
      deviceIds: ids(w?.targets.deviceIds),
      groupIds: ids(w?.targets.groupIds),
      locationIds: ids(w?.targets.locationIds),
      organizationIds: organizationId === null ? ids(w?.targets.organizationIds) : [],
    },
    timing: {
      kind: w?.timing.kind ?? "ONE_OFF",
      startsAt: toLocalInput(oneOff?.startsAt ?? new Date(now.getTime() + hour).toISOString()),
      endsAt: toLocalInput(oneOff?.endsAt ?? new Date(now.getTime() + 3 * hour).toISOString()),
      repeats: (recurring?.schedule.repeats as RecurringRepeats | undefined) ?? "WEEKLY",
      repeatsEveryCount: recurring?.schedule.repeatsEveryCount ?? 1,
      time: recurring
        ? `${pad(recurring.schedule.runAtHour)}:${pad(recurring.schedule.runAtMinute)}`
        : "22:00",
      daysOfWeek: recurring?.schedule.daysOfWeek ?? ["SATURDAY"],
      dayOfMonth: recurring?.schedule.dayOfMonth ?? 1,
      endDate: recurring?.schedule.end.endDate ?? "",
      timeZone: recurring?.timeZone ?? timeZone,
      durationMinutes: recurring?.durationMinutes ?? 120,
    },
    suppress: w?.suppress ?? { alerts: true, notifications: true, automations: true },
  };
}

/** The request a draft stands for. */
export function requestOf(d: WindowDraft, organizationId: number | null): SaveMaintenanceWindowRequest {
  const nums = (list: string[]) => list.map(Number);
  const [h, m] = d.timing.time.split(":").map((x) => Number(x));
  const t = d.timing;
  return {
    name: d.name,
    enabled: d.enabled,
    targets: {
      deviceIds: nums(d.targets.deviceIds),
      groupIds: nums(d.targets.groupIds),
      locationIds: nums(d.targets.locationIds),
      organizationIds:
        organizationId === null
          ? nums(d.targets.organizationIds)
          : d.wholeOrganization
            ? [organizationId]
            : [],
    },
    timing:
      t.kind === "ONE_OFF"
        ? { kind: "ONE_OFF", startsAt: fromLocalInput(t.startsAt), endsAt: fromLocalInput(t.endsAt) }
        : {
            kind: "RECURRING",
            schedule: {
              repeats: t.repeats,
              repeatsEveryCount: t.repeatsEveryCount,
              repeatsEveryUnit: "HOURS",
              runAtHour: Number.isFinite(h) ? h : Number.NaN,
              runAtMinute: Number.isFinite(m) ? m : Number.NaN,
              daysOfWeek: DAYS_OF_WEEK.filter((day) => t.daysOfWeek.includes(day)),
              dayOfMonth: t.dayOfMonth,
              end: t.endDate
                ? { type: "ON", occurenceCount: null, endDate: t.endDate }
                : { type: "NEVER", occurenceCount: null, endDate: null },
            },
            timeZone: t.timeZone,
            durationMinutes: t.durationMinutes,
          },
    suppress: d.suppress,
  };
}

/** The contract, checked on the request a draft stands for (its messages land on the draft's fields). */
export const draftSchema = (organizationId: number | null) =>
  z.preprocess((d) => requestOf(d as WindowDraft, organizationId), saveMaintenanceWindowRequest);
