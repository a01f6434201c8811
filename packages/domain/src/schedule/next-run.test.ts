import { describe, expect, it } from "vitest";
import { nextRun, previewRuns, todayIn, withStartDate } from "./next-run.js";
import { defaultSchedule, type Schedule } from "./schedule.js";

const schedule = (over: Partial<Schedule>): Schedule => ({ ...defaultSchedule(), ...over });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (s: string) => new Date(s);

describe("Daily", () => {
  it("runs every day at the time, the first run strictly after `after`", () => {
    const s = schedule({ repeats: "DAILY", runAtHour: 9, runAtMinute: 15, startDate: "2025-01-01" });
    expect(iso(previewRuns(s, "UTC", at("2025-01-10T09:15:00Z"), 3))).toEqual([
      "2025-01-11T09:15:00.000Z",
      "2025-01-12T09:15:00.000Z",
      "2025-01-13T09:15:00.000Z",
    ]);
    expect(nextRun(s, "UTC", at("2025-01-10T09:14:59Z"), 5)?.toISOString()).toBe("2025-01-10T09:15:00.000Z");
  });

  it("every 3 days counts from startDate", () => {
    const s = schedule({ repeats: "DAILY", repeatsEveryCount: 3, startDate: "2025-01-01" });
    expect(iso(previewRuns(s, "UTC", at("2024-12-01T00:00:00Z"), 3))).toEqual([
      "2025-01-01T09:00:00.000Z",
      "2025-01-04T09:00:00.000Z",
      "2025-01-07T09:00:00.000Z",
    ]);
    // From the middle of the sequence: Jan 5 is not a run day, Jan 7 is.
    expect(nextRun(s, "UTC", at("2025-01-05T00:00:00Z"), 2)?.toISOString()).toBe("2025-01-07T09:00:00.000Z");
  });

  it("runs at the wall-clock time of the task's zone", () => {
    const s = schedule({ startDate: "2025-01-01" });
    expect(nextRun(s, "Asia/Tokyo", at("2025-01-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2025-01-02T00:00:00.000Z",
    );
    expect(nextRun(s, "America/Los_Angeles", at("2025-01-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2025-01-01T17:00:00.000Z",
    );
  });

  it("never runs before startDate", () => {
    const s = schedule({ startDate: "2025-06-01" });
    expect(nextRun(s, "UTC", at("2025-01-01T00:00:00Z"), 0)?.toISOString()).toBe("2025-06-01T09:00:00.000Z");
  });
});

describe("Weekly", () => {
  it("runs on the chosen days", () => {
    const s = schedule({ repeats: "WEEKLY", daysOfWeek: ["MONDAY", "FRIDAY"], startDate: "2025-01-01" });
    // 2025-01-01 is a Wednesday.
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 4))).toEqual([
      "2025-01-03T09:00:00.000Z",
      "2025-01-06T09:00:00.000Z",
      "2025-01-10T09:00:00.000Z",
      "2025-01-13T09:00:00.000Z",
    ]);
  });

  it("every 2 weeks counts Monday-based weeks from startDate's week", () => {
    const s = schedule({
      repeats: "WEEKLY",
      repeatsEveryCount: 2,
      daysOfWeek: ["MONDAY", "FRIDAY"],
      startDate: "2025-01-01",
    });
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 5))).toEqual([
      "2025-01-03T09:00:00.000Z", // week of Dec 30 (its Monday is before startDate)
      "2025-01-13T09:00:00.000Z",
      "2025-01-17T09:00:00.000Z",
      "2025-01-27T09:00:00.000Z",
      "2025-01-31T09:00:00.000Z",
    ]);
  });

  it("Sunday belongs to the week that starts on the Monday before it", () => {
    const s = schedule({
      repeats: "WEEKLY",
      repeatsEveryCount: 2,
      daysOfWeek: ["SUNDAY"],
      startDate: "2025-01-06",
    });
    expect(iso(previewRuns(s, "UTC", at("2025-01-06T00:00:00Z"), 2))).toEqual([
      "2025-01-12T09:00:00.000Z",
      "2025-01-26T09:00:00.000Z",
    ]);
  });

  it("every 52 weeks (the maximum) still finds its next run", () => {
    const s = schedule({
      repeats: "WEEKLY",
      repeatsEveryCount: 52,
      daysOfWeek: ["MONDAY"],
      startDate: "2025-01-06",
    });
    expect(iso(previewRuns(s, "UTC", at("2025-01-06T10:00:00Z"), 1))).toEqual(["2026-01-05T09:00:00.000Z"]);
  });

  it("with no days chosen it never runs", () => {
    expect(
      nextRun(schedule({ repeats: "WEEKLY", daysOfWeek: [] }), "UTC", at("2025-01-01T00:00:00Z"), 0),
    ).toBeNull();
  });
});

describe("Monthly", () => {
  it("day 31 runs on the last day of shorter months (February → 28)", () => {
    const s = schedule({ repeats: "MONTHLY", dayOfMonth: 31, startDate: "2025-01-01" });
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 5))).toEqual([
      "2025-01-31T09:00:00.000Z",
      "2025-02-28T09:00:00.000Z",
      "2025-03-31T09:00:00.000Z",
      "2025-04-30T09:00:00.000Z",
      "2025-05-31T09:00:00.000Z",
    ]);
  });

  it("leap years: February 29 in 2024 and 2000, 28 in 2100 (not a leap year)", () => {
    const s = (start: string) => schedule({ repeats: "MONTHLY", dayOfMonth: 30, startDate: start });
    expect(nextRun(s("2024-02-01"), "UTC", at("2024-02-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2024-02-29T09:00:00.000Z",
    );
    expect(nextRun(s("2000-02-01"), "UTC", at("2000-02-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2000-02-29T09:00:00.000Z",
    );
    expect(nextRun(s("2100-02-01"), "UTC", at("2100-02-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2100-02-28T09:00:00.000Z",
    );
  });

  it("every 3 months counts months from startDate; a day already past in the start month waits", () => {
    const s = schedule({ repeats: "MONTHLY", repeatsEveryCount: 3, dayOfMonth: 15, startDate: "2025-01-15" });
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 3))).toEqual([
      "2025-01-15T09:00:00.000Z",
      "2025-04-15T09:00:00.000Z",
      "2025-07-15T09:00:00.000Z",
    ]);
    const late = schedule({
      repeats: "MONTHLY",
      repeatsEveryCount: 1,
      dayOfMonth: 15,
      startDate: "2025-01-20",
    });
    expect(nextRun(late, "UTC", at("2025-01-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2025-02-15T09:00:00.000Z",
    );
  });

  it("every 12 months (the maximum) runs once a year", () => {
    const s = schedule({ repeats: "MONTHLY", repeatsEveryCount: 12, dayOfMonth: 1, startDate: "2025-03-01" });
    expect(iso(previewRuns(s, "UTC", at("2025-03-01T09:00:00Z"), 2))).toEqual([
      "2026-03-01T09:00:00.000Z",
      "2027-03-01T09:00:00.000Z",
    ]);
  });
});

describe("Every N hours / minutes", () => {
  it("every 6 hours from startDate at runAtHour:runAtMinute", () => {
    const s = schedule({
      repeats: "EVERY",
      repeatsEveryCount: 6,
      repeatsEveryUnit: "HOURS",
      runAtHour: 0,
      runAtMinute: 30,
      startDate: "2025-01-01",
    });
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T10:00:00Z"), 3))).toEqual([
      "2025-01-01T12:30:00.000Z",
      "2025-01-01T18:30:00.000Z",
      "2025-01-02T00:30:00.000Z",
    ]);
    expect(nextRun(s, "UTC", at("2024-12-31T00:00:00Z"), 0)?.toISOString()).toBe("2025-01-01T00:30:00.000Z");
  });

  it("every 15 minutes; a run time itself is not 'after' itself", () => {
    const s = schedule({
      repeats: "EVERY",
      repeatsEveryCount: 15,
      repeatsEveryUnit: "MINUTES",
      runAtHour: 8,
      runAtMinute: 0,
      startDate: "2025-01-01",
    });
    expect(nextRun(s, "UTC", at("2025-01-01T08:15:00Z"), 1)?.toISOString()).toBe("2025-01-01T08:30:00.000Z");
    expect(nextRun(s, "UTC", at("2025-01-01T08:14:00Z"), 1)?.toISOString()).toBe("2025-01-01T08:15:00.000Z");
  });
});

describe("one-off and event kinds", () => {
  it("Run Once runs at startDate and time, once, and not when that moment has passed", () => {
    const s = schedule({ repeats: "RUN_ONCE", startDate: "2025-05-04", runAtHour: 22, runAtMinute: 5 });
    expect(nextRun(s, "Europe/Berlin", at("2025-05-01T00:00:00Z"), 0)?.toISOString()).toBe(
      "2025-05-04T20:05:00.000Z",
    );
    expect(nextRun(s, "Europe/Berlin", at("2025-05-01T00:00:00Z"), 1)).toBeNull();
    expect(nextRun(s, "Europe/Berlin", at("2025-05-04T20:05:00Z"), 0)).toBeNull();
    expect(iso(previewRuns(s, "Europe/Berlin", at("2025-05-01T00:00:00Z"), 5))).toEqual([
      "2025-05-04T20:05:00.000Z",
    ]);
  });

  it("Run Once Immediately runs at the moment given, then never", () => {
    const s = schedule({ repeats: "RUN_ONCE_IMMEDIATELY" });
    const now = at("2025-05-01T12:34:56.789Z");
    expect(nextRun(s, "UTC", now, 0)?.toISOString()).toBe("2025-05-01T12:34:56.789Z");
    expect(nextRun(s, "UTC", now, 1)).toBeNull();
    expect(previewRuns(s, "UTC", now, 5)).toHaveLength(1);
  });

  it.each(["NONE", "ON_SYSTEM_STARTUP", "ON_USER_LOGIN"] as const)("%s never runs on a timer", (repeats) => {
    expect(
      nextRun(schedule({ repeats, startDate: "2025-01-01" }), "UTC", at("2025-01-01T00:00:00Z"), 0),
    ).toBeNull();
  });
});

describe("end of recurrence", () => {
  const daily = (end: Schedule["end"]) => schedule({ startDate: "2025-01-01", end });

  it("Never: keeps running", () => {
    expect(
      previewRuns(
        daily({ type: "NEVER", occurenceCount: null, endDate: null }),
        "UTC",
        at("2025-01-01T00:00:00Z"),
        100,
      ),
    ).toHaveLength(100);
  });

  it("After 3 occurrences: three runs in all, counting the runs so far", () => {
    const s = daily({ type: "AFTER", occurenceCount: 3, endDate: null });
    expect(iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 10))).toEqual([
      "2025-01-01T09:00:00.000Z",
      "2025-01-02T09:00:00.000Z",
      "2025-01-03T09:00:00.000Z",
    ]);
    expect(nextRun(s, "UTC", at("2025-01-02T09:00:00Z"), 2)?.toISOString()).toBe("2025-01-03T09:00:00.000Z");
    expect(nextRun(s, "UTC", at("2025-01-03T09:00:00Z"), 3)).toBeNull();
  });

  it("On a date: that date is included, the next day is not", () => {
    const s = daily({ type: "ON", occurenceCount: null, endDate: "2025-01-05" });
    const runs = iso(previewRuns(s, "UTC", at("2025-01-01T00:00:00Z"), 10));
    expect(runs).toHaveLength(5);
    expect(runs.at(-1)).toBe("2025-01-05T09:00:00.000Z");
  });

  it("On a date counts the date in the task's zone, not UTC", () => {
    // 23:30 on Jan 5 in Los Angeles is Jan 6 in UTC: still a run.
    const late = schedule({
      startDate: "2025-01-01",
      runAtHour: 23,
      runAtMinute: 30,
      end: { type: "ON", occurenceCount: null, endDate: "2025-01-05" },
    });
    const runs = iso(previewRuns(late, "America/Los_Angeles", at("2025-01-05T08:00:00Z"), 10));
    expect(runs).toEqual(["2025-01-06T07:30:00.000Z"]);
  });

  it("Every N hours stops after the end date (inclusive) too", () => {
    const s = schedule({
      repeats: "EVERY",
      repeatsEveryCount: 12,
      runAtHour: 0,
      startDate: "2025-01-01",
      end: { type: "ON", occurenceCount: null, endDate: "2025-01-02" },
    });
    expect(previewRuns(s, "UTC", at("2024-12-31T00:00:00Z"), 10)).toHaveLength(4);
  });
});

describe("saving", () => {
  it("a recurring schedule without startDate starts on the day it is saved, in the task's zone", () => {
    const now = at("2025-03-01T23:30:00Z");
    expect(withStartDate(schedule({}), "Europe/Berlin", now).startDate).toBe("2025-03-02");
    expect(withStartDate(schedule({}), "America/New_York", now).startDate).toBe("2025-03-01");
    expect(withStartDate(schedule({ startDate: "2024-01-01" }), "UTC", now).startDate).toBe("2024-01-01");
    expect(withStartDate(schedule({ repeats: "ON_USER_LOGIN" }), "UTC", now).startDate).toBeNull();
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2025-03-02");
  });
});
