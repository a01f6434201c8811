import { describe, expect, it } from "vitest";
import {
  defaultSchedule,
  SCHEDULE_DEFAULTS,
  SCHEDULE_MAXIMUMS,
  describeSchedule,
  scheduleTrigger,
  normalizeSchedule,
  type Schedule,
} from "./schedule.js";
import { scheduleIssues } from "./validate.js";

const schedule = (over: Partial<Schedule>): Schedule => ({ ...defaultSchedule(), ...over });
const messagesOf = (s: Partial<Schedule>) =>
  scheduleIssues(schedule(s)).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("defaults and maximums", () => {
  it("repeat daily, every 1, at 09:00, day of month 1, Monday, end Never", () => {
    expect(SCHEDULE_DEFAULTS).toEqual({
      repeats: "DAILY",
      repeatsEveryCount: 1,
      repeatsEveryUnit: "HOURS",
      runAtHour: 9,
      runAtMinute: 0,
      dayOfMonth: 1,
      daysOfWeek: ["MONDAY"],
      startDate: null,
      end: { type: "NEVER", occurenceCount: null, endDate: null },
    });
    expect(scheduleIssues(defaultSchedule())).toEqual([]);
  });

  it("maximums: daily 365, hourly 12, weekly 52, monthly 12", () => {
    expect(SCHEDULE_MAXIMUMS).toMatchObject({ DAILY: 365, HOURLY: 12, WEEKLY: 52, MONTHLY: 12 });
  });

  it.each([
    ["DAILY", "HOURS", 365],
    ["WEEKLY", "HOURS", 52],
    ["MONTHLY", "HOURS", 12],
    ["EVERY", "HOURS", 12],
    ["EVERY", "MINUTES", 720],
  ] as const)(
    "%s (%s) accepts every %i and refuses one more with the spec's message",
    (repeats, unit, max) => {
      expect(messagesOf({ repeats, repeatsEveryUnit: unit, repeatsEveryCount: max })).toEqual([]);
      expect(messagesOf({ repeats, repeatsEveryUnit: unit, repeatsEveryCount: max + 1 })).toEqual([
        `repeatsEveryCount: Value must be less than or equal to ${max}`,
      ]);
    },
  );

  it("every 0 and fractions are refused", () => {
    expect(messagesOf({ repeatsEveryCount: 0 })).toEqual([
      "repeatsEveryCount: Value must be greater than or equal to 1",
    ]);
    expect(messagesOf({ repeatsEveryCount: 1.5 })).toEqual(["repeatsEveryCount: Must contain one integer"]);
    expect(messagesOf({ repeatsEveryCount: Number.NaN })).toEqual(["repeatsEveryCount: Invalid"]);
  });

  it("the count is not checked for kinds that do not repeat by a count", () => {
    expect(messagesOf({ repeats: "RUN_ONCE_IMMEDIATELY", repeatsEveryCount: 999 })).toEqual([]);
  });
});

describe("field rules", () => {
  it("time of day 00:00–23:59", () => {
    expect(messagesOf({ runAtHour: 24, runAtMinute: 60 })).toEqual([
      "runAtHour: Value must be less than or equal to 23",
      "runAtMinute: Value must be less than or equal to 59",
    ]);
    expect(messagesOf({ runAtHour: -1 })).toEqual(["runAtHour: Value must be greater than or equal to 0"]);
  });

  it("day of month 1–31 for Monthly", () => {
    expect(messagesOf({ repeats: "MONTHLY", dayOfMonth: 32 })).toEqual([
      "dayOfMonth: Value must be less than or equal to 31",
    ]);
    expect(messagesOf({ repeats: "MONTHLY", dayOfMonth: 0 })).toEqual([
      "dayOfMonth: Value must be greater than or equal to 1",
    ]);
  });

  it("Weekly needs a day; Run Once needs its date (the spec's mandatory message)", () => {
    expect(messagesOf({ repeats: "WEEKLY", daysOfWeek: [] })).toEqual([
      "daysOfWeek: Mandatory value is undefined. Please enter a value.",
    ]);
    expect(messagesOf({ repeats: "RUN_ONCE", startDate: null })).toEqual([
      "startDate: Mandatory value is undefined. Please enter a value.",
    ]);
  });

  it("dates are real YYYY-MM-DD dates", () => {
    expect(messagesOf({ startDate: "2025-02-29" })).toEqual(["startDate: Invalid"]);
    expect(messagesOf({ startDate: "2024-02-29" })).toEqual([]);
  });

  it("End After needs a count of at least 1; End On needs a date not before startDate", () => {
    expect(messagesOf({ end: { type: "AFTER", occurenceCount: null, endDate: null } })).toEqual([
      "end.occurenceCount: Mandatory value is undefined. Please enter a value.",
    ]);
    expect(messagesOf({ end: { type: "AFTER", occurenceCount: 0, endDate: null } })).toEqual([
      "end.occurenceCount: Value must be greater than or equal to 1",
    ]);
    expect(messagesOf({ end: { type: "ON", occurenceCount: null, endDate: null } })).toEqual([
      "end.endDate: Mandatory value is undefined. Please enter a value.",
    ]);
    expect(
      messagesOf({
        startDate: "2025-03-10",
        end: { type: "ON", occurenceCount: null, endDate: "2025-03-09" },
      }),
    ).toEqual(["end.endDate: Value must be greater than or equal to 2025-03-10"]);
    expect(
      messagesOf({
        startDate: "2025-03-10",
        end: { type: "ON", occurenceCount: null, endDate: "2025-03-10" },
      }),
    ).toEqual([]);
  });
});

describe("labels and summaries", () => {
  it("normalizes days (Monday first, no duplicates) and keeps only the end fields of its type", () => {
    const s = normalizeSchedule(
      schedule({
        daysOfWeek: ["SUNDAY", "MONDAY", "SUNDAY"],
        end: { type: "NEVER", occurenceCount: 5, endDate: "2025-01-01" },
      }),
    );
    expect(s.daysOfWeek).toEqual(["MONDAY", "SUNDAY"]);
    expect(s.end).toEqual({ type: "NEVER", occurenceCount: null, endDate: null });
  });

  it("describes schedules in one line", () => {
    expect(describeSchedule(defaultSchedule())).toBe("Daily at 09:00");
    expect(
      describeSchedule(
        schedule({
          repeats: "WEEKLY",
          repeatsEveryCount: 2,
          daysOfWeek: ["MONDAY", "FRIDAY"],
          end: { type: "AFTER", occurenceCount: 5, endDate: null },
        }),
      ),
    ).toBe("Every 2 weeks on Monday, Friday at 09:00, 5 times");
    expect(
      describeSchedule(
        schedule({
          repeats: "MONTHLY",
          dayOfMonth: 31,
          end: { type: "ON", occurenceCount: null, endDate: "2025-12-31" },
        }),
      ),
    ).toBe("Monthly on day 31 (or the last day) at 09:00, until 2025-12-31");
    expect(
      describeSchedule(
        schedule({ repeats: "EVERY", repeatsEveryCount: 15, repeatsEveryUnit: "MINUTES", runAtHour: 8 }),
      ),
    ).toBe("Every 15 minutes from 08:00");
  });

  it("only timer kinds are fired by the scheduler; startup and login wait for the agent", () => {
    expect(scheduleTrigger({ repeats: "DAILY" })).toBe("TIMER");
    expect(scheduleTrigger({ repeats: "RUN_ONCE_IMMEDIATELY" })).toBe("ON_SAVE");
    expect(scheduleTrigger({ repeats: "ON_SYSTEM_STARTUP" })).toBe("SYSTEM_STARTUP");
    expect(scheduleTrigger({ repeats: "ON_USER_LOGIN" })).toBe("USER_LOGIN");
    expect(scheduleTrigger({ repeats: "NONE" })).toBe("NONE");
  });
});
