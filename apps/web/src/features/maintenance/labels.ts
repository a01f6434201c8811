import type { DayOfWeek } from "@steward/domain";
import type { MessageKey } from "../../i18n";
import type { RecurringRepeats } from "./components/window-draft";

export const repeatsLabel: Record<RecurringRepeats, MessageKey> = {
  DAILY: "maintenance.form.daily",
  WEEKLY: "maintenance.form.weekly",
  MONTHLY: "maintenance.form.monthly",
  EVERY: "maintenance.form.every",
};

export const dayLabel: Record<DayOfWeek, MessageKey> = {
  MONDAY: "maintenance.days.MONDAY",
  TUESDAY: "maintenance.days.TUESDAY",
  WEDNESDAY: "maintenance.days.WEDNESDAY",
  THURSDAY: "maintenance.days.THURSDAY",
  FRIDAY: "maintenance.days.FRIDAY",
  SATURDAY: "maintenance.days.SATURDAY",
  SUNDAY: "maintenance.days.SUNDAY",
};
