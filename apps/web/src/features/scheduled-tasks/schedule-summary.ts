import type { ScheduledTask } from "@steward/contracts";
import type { DayOfWeek } from "@steward/domain";
import type { MessageKey, Translate } from "../../i18n";

/** A day's full name in a schedule's one-line summary. */
const dayNames: Record<DayOfWeek, MessageKey> = {
  MONDAY: "scheduledTasks.summary.days.MONDAY",
  TUESDAY: "scheduledTasks.summary.days.TUESDAY",
  WEDNESDAY: "scheduledTasks.summary.days.WEDNESDAY",
  THURSDAY: "scheduledTasks.summary.days.THURSDAY",
  FRIDAY: "scheduledTasks.summary.days.FRIDAY",
  SATURDAY: "scheduledTasks.summary.days.SATURDAY",
  SUNDAY: "scheduledTasks.summary.days.SUNDAY",
};

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A schedule in one line of the reader's language, e.g. "Every 2 weeks on Monday, Friday at
 * 09:00, 5 times". Times are the schedule's wall clock in its own zone; dates stay as the
 * schedule stores them (year-month-day), as the next-run preview shows them.
 */
export function describeSchedule(t: Translate, s: ScheduledTask["schedule"]): string {
  const time = `${pad(s.runAtHour)}:${pad(s.runAtMinute)}`;
  const count = s.repeatsEveryCount;
  let text: string;
  switch (s.repeats) {
    case "DAILY":
      text = t("scheduledTasks.summary.daily", { count, time });
      break;
    case "WEEKLY":
      text = t("scheduledTasks.summary.weekly", {
        count,
        time,
        days: s.daysOfWeek.map((d) => t(dayNames[d])).join(", "),
      });
      break;
    case "MONTHLY":
      text = t(
        s.dayOfMonth > 28 ? "scheduledTasks.summary.monthlyOrLast" : "scheduledTasks.summary.monthly",
        {
          count,
          time,
          day: s.dayOfMonth,
        },
      );
      break;
    case "EVERY":
      text = t(
        s.repeatsEveryUnit === "MINUTES"
          ? "scheduledTasks.summary.everyMinutes"
          : "scheduledTasks.summary.everyHours",
        { count, time },
      );
      break;
    case "RUN_ONCE":
      return t("scheduledTasks.summary.runOnce", { date: s.startDate ?? "?", time });
    case "RUN_ONCE_IMMEDIATELY":
      return t("scheduledTasks.summary.runOnceImmediately");
    case "ON_SYSTEM_STARTUP":
      return t("scheduledTasks.summary.startup");
    case "ON_USER_LOGIN":
      return t("scheduledTasks.summary.login");
    case "NONE":
      return t("scheduledTasks.summary.none");
  }
  if (s.end.type === "AFTER" && s.end.occurenceCount !== null)
    return t("scheduledTasks.summary.endAfter", { schedule: text, count: s.end.occurenceCount });
  if (s.end.type === "ON" && s.end.endDate !== null)
    return t("scheduledTasks.summary.endOn", { schedule: text, date: s.end.endDate });
  return text;
}
