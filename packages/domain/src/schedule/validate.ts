import { messages } from "../messages.js";
import { dayNumberOf, parseIsoDate } from "./civil-date.js";
import { MAX_OCCURENCE_COUNT, maxRepeatsEveryCount, type Schedule } from "./schedule.js";

export interface ScheduleIssue {
  /** Field path inside the schedule, e.g. ["end", "occurenceCount"]. */
  path: (string | number)[];
  message: string;
}

/** A whole number within [min, max], with the shared numeric messages. */
function wholeNumberIssue(value: unknown, min: number, max: number): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return messages.numeric.invalid;
  if (!Number.isInteger(value)) return messages.numeric.oneInteger;
  if (value < min) return messages.numeric.greaterOrEqual(min);
  if (value > max) return messages.numeric.lessOrEqual(max);
  return null;
}

/**
 * Everything wrong with a schedule, with the spec's messages: numbers out of range use the
 * numeric messages ("Value must be less than or equal to 365"), missing values the mandatory one.
 * Fields a kind does not use are not checked.
 */
export function scheduleIssues(s: Schedule): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const check = (path: ScheduleIssue["path"], message: string | null) => {
    if (message !== null) issues.push({ path, message });
  };
  const usesTime = !["NONE", "RUN_ONCE_IMMEDIATELY", "ON_SYSTEM_STARTUP", "ON_USER_LOGIN"].includes(
    s.repeats,
  );
  const recurs = ["DAILY", "WEEKLY", "MONTHLY", "EVERY"].includes(s.repeats);

  if (usesTime) {
    check(["runAtHour"], wholeNumberIssue(s.runAtHour, 0, 23));
    check(["runAtMinute"], wholeNumberIssue(s.runAtMinute, 0, 59));
  }
  const max = maxRepeatsEveryCount(s);
  if (max !== null) check(["repeatsEveryCount"], wholeNumberIssue(s.repeatsEveryCount, 1, max));
  if (s.repeats === "MONTHLY") check(["dayOfMonth"], wholeNumberIssue(s.dayOfMonth, 1, 31));
  if (s.repeats === "WEEKLY" && s.daysOfWeek.length === 0) check(["daysOfWeek"], messages.mandatory);

  const start = s.startDate === null ? null : parseIsoDate(s.startDate);
  if (s.startDate !== null && start === null) check(["startDate"], messages.numeric.invalid);
  if (s.repeats === "RUN_ONCE" && s.startDate === null) check(["startDate"], messages.mandatory);

  if (recurs && s.end.type === "AFTER") {
    check(
      ["end", "occurenceCount"],
      s.end.occurenceCount === null
        ? messages.mandatory
        : wholeNumberIssue(s.end.occurenceCount, 1, MAX_OCCURENCE_COUNT),
    );
  }
  if (recurs && s.end.type === "ON") {
    if (s.end.endDate === null) check(["end", "endDate"], messages.mandatory);
    else {
      const endDate = parseIsoDate(s.end.endDate);
      if (endDate === null) check(["end", "endDate"], messages.numeric.invalid);
      else if (start !== null && s.startDate !== null && dayNumberOf(endDate) < dayNumberOf(start)) {
        check(["end", "endDate"], messages.numeric.greaterOrEqual(s.startDate));
      }
    }
  }
  return issues;
}
