import { z } from "zod";
import {
  MAINTENANCE_REPEATS,
  MAX_MAINTENANCE_DURATION_MINUTES,
  messages,
  type Schedule,
} from "@steward/domain";
import { id as idType, isoDateTime, pageNumber, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { ianaTimeZone, scheduleSchema, scheduleView } from "./scheduled-tasks.js";

const id = idType();

/** What a window covers: devices, groups (saved searches), locations and whole organizations. */
export const maintenanceTargets = z
  .strictObject({
    deviceIds: z.array(id).max(10_000).default([]),
    groupIds: z.array(id).max(100).default([]),
    locationIds: z.array(id).max(500).default([]),
    organizationIds: z.array(id).max(500).default([]),
  })
  .refine(
    (t) => t.deviceIds.length + t.groupIds.length + t.locationIds.length + t.organizationIds.length > 0,
    { message: validationEn.maintenance.chooseTarget },
  );
export type MaintenanceTargets = z.output<typeof maintenanceTargets>;

/** What a window holds back while open (the alerts, notification and automation areas read these). */
export const maintenanceSuppress = z
  .strictObject({
    alerts: z.boolean().default(true),
    notifications: z.boolean().default(true),
    automations: z.boolean().default(true),
  })
  .refine((s) => s.alerts || s.notifications || s.automations, {
    message: validationEn.maintenance.chooseSuppression,
  });
export type MaintenanceSuppress = z.output<typeof maintenanceSuppress>;

const durationMinutes = z
  .number()
  .int(messages.numeric.oneInteger)
  .min(1, messages.numeric.greaterOrEqual(1))
  .max(MAX_MAINTENANCE_DURATION_MINUTES, messages.numeric.lessOrEqual(MAX_MAINTENANCE_DURATION_MINUTES));

/**
 * Once between two instants, or on a recurring schedule (in a time zone) for a duration each
 * time. One object with the fields of both kinds, so that a bad value is refused at its own
 * field whatever the kind; the answer is the kind's own shape.
 */
export const maintenanceTiming = z
  .strictObject({
    kind: z.enum(["ONE_OFF", "RECURRING"]),
    startsAt: isoDateTime.optional(),
    endsAt: isoDateTime.optional(),
    schedule: scheduleSchema.optional(),
    timeZone: ianaTimeZone.optional(),
    durationMinutes: durationMinutes.optional(),
  })
  .superRefine((t, ctx) => {
    const need = (field: keyof typeof t) => {
      if (t[field] === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: validationEn.mandatory });
    };
    if (t.kind === "ONE_OFF") {
      need("startsAt");
      need("endsAt");
      if (t.startsAt && t.endsAt && Date.parse(t.endsAt) <= Date.parse(t.startsAt))
        ctx.addIssue({
          code: "custom",
          path: ["endsAt"],
          message: validationEn.maintenance.endNotAfterStart,
        });
      return;
    }
    need("schedule");
    need("timeZone");
    need("durationMinutes");
    if (t.schedule && !(MAINTENANCE_REPEATS as readonly string[]).includes(t.schedule.repeats))
      ctx.addIssue({
        code: "custom",
        path: ["schedule", "repeats"],
        message: validationEn.maintenance.repeats,
      });
    if (t.schedule?.end.type === "AFTER")
      ctx.addIssue({
        code: "custom",
        path: ["schedule", "end", "type"],
        message: validationEn.maintenance.endAfter,
      });
  })
  .transform(
    (t) =>
      (t.kind === "ONE_OFF"
        ? { kind: "ONE_OFF", startsAt: t.startsAt!, endsAt: t.endsAt! }
        : {
            kind: "RECURRING",
            schedule: t.schedule!,
            timeZone: t.timeZone!,
            durationMinutes: t.durationMinutes!,
          }) as
        | { kind: "ONE_OFF"; startsAt: string; endsAt: string }
        | { kind: "RECURRING"; schedule: Schedule; timeZone: string; durationMinutes: number },
  );
export type MaintenanceTimingInput = z.input<typeof maintenanceTiming>;

/** Creating or replacing a window. */
export const saveMaintenanceWindowRequest = z.strictObject({
  name: text().trim().min(1, validationEn.mandatory).max(200),
  description: text().max(2000).default(""),
  enabled: z.boolean().default(true),
  targets: maintenanceTargets,
  timing: maintenanceTiming,
  suppress: maintenanceSuppress,
});
export type SaveMaintenanceWindowRequest = z.input<typeof saveMaintenanceWindowRequest>;

export const maintenanceStatus = z.enum(["ACTIVE", "UPCOMING", "PAST"]);
export type MaintenanceWindowStatus = z.infer<typeof maintenanceStatus>;

export const maintenanceWindow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The organization the window belongs to; null: a system-wide window. */
  organizationId: z.number().nullable(),
  organizationName: z.string().nullable(),
  targets: z.object({
    deviceIds: z.array(z.number()),
    groupIds: z.array(z.number()),
    locationIds: z.array(z.number()),
    organizationIds: z.array(z.number()),
  }),
  timing: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("ONE_OFF"), startsAt: z.string(), endsAt: z.string() }),
    z.object({
      kind: z.literal("RECURRING"),
      schedule: scheduleView,
      timeZone: z.string(),
      durationMinutes: z.number(),
    }),
  ]),
  suppress: z.object({ alerts: z.boolean(), notifications: z.boolean(), automations: z.boolean() }),
  /** Where the window stands now; a disabled window is never ACTIVE. */
  status: maintenanceStatus,
  /** While ACTIVE: when the current occurrence ends. */
  activeUntil: z.string().nullable(),
  /** The next time it opens (after the current occurrence), or null. */
  nextStart: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

export const listMaintenanceWindowsQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  status: maintenanceStatus.optional(),
});

export const maintenanceWindowList = z.object({
  items: z.array(maintenanceWindow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MaintenanceWindowList = z.infer<typeof maintenanceWindowList>;
