import { describe, expect, it } from "vitest";
import { fromLegacySchedule, isLegacySchedule, LEGACY_SCHEDULE_DEFAULTS } from "./legacy.js";
import { nextRun } from "./next-run.js";

describe("older schedule → schema 2.0", () => {
  it("an empty older schedule takes its defaults: DAILY at 17:00, local time", () => {
    expect(LEGACY_SCHEDULE_DEFAULTS).toMatchObject({
      scheduleType: "DAILY",
      dayOfMonth: 0,
      scheduleHour: 17,
      scheduleMinute: 0,
      timeZone: "local",
    });
    expect(fromLegacySchedule({})).toEqual({
      ok: true,
      timeZone: null,
      schedule: {
        repeats: "DAILY",
        repeatsEveryCount: 1,
        repeatsEveryUnit: "HOURS",
        runAtHour: 17,
        runAtMinute: 0,
        dayOfMonth: 1,
        daysOfWeek: ["MONDAY"],
        startDate: null,
        end: { type: "NEVER", occurenceCount: null, endDate: null },
      },
    });
  });

  it("weekly with its week days (names, short names or numbers, Sunday 0 or 7) and a zone", () => {
    const r = fromLegacySchedule({
      scheduleType: "weekly",
      weekDays: ["thu", "Tuesday", 0, 7],
      scheduleHour: 6,
      scheduleMinute: 45,
      timeZone: "europe/berlin",
    });
    expect(r).toMatchObject({
      ok: true,
      timeZone: "Europe/Berlin",
      schedule: {
        repeats: "WEEKLY",
        daysOfWeek: ["TUESDAY", "THURSDAY", "SUNDAY"],
        runAtHour: 6,
        runAtMinute: 45,
      },
    });
  });

  it("weekly without week days runs on Monday (the 2.0 default)", () => {
    expect(fromLegacySchedule({ scheduleType: "WEEKLY", weekDays: [] })).toMatchObject({
      ok: true,
      schedule: { repeats: "WEEKLY", daysOfWeek: ["MONDAY"], runAtHour: 17 },
    });
  });

  it("the other kinds keep their meaning: HOURLY is every 1 hour, startup and login stay event kinds", () => {
    expect(fromLegacySchedule({ scheduleType: "HOURLY" })).toMatchObject({
      ok: true,
      schedule: { repeats: "EVERY", repeatsEveryUnit: "HOURS", repeatsEveryCount: 1 },
    });
    expect(fromLegacySchedule({ scheduleType: "on system startup" })).toMatchObject({
      ok: true,
      schedule: { repeats: "ON_SYSTEM_STARTUP" },
    });
    expect(fromLegacySchedule({ scheduleType: "ON_USER_LOGIN" })).toMatchObject({
      ok: true,
      schedule: { repeats: "ON_USER_LOGIN" },
    });
  });

  it("monthly: dayOfMonth 0 (not set) becomes day 1; a set day is kept", () => {
    expect(fromLegacySchedule({ scheduleType: "MONTHLY" })).toMatchObject({
      ok: true,
      schedule: { repeats: "MONTHLY", dayOfMonth: 1 },
    });
    expect(fromLegacySchedule({ scheduleType: "MONTHLY", dayOfMonth: 31 })).toMatchObject({
      ok: true,
      schedule: { dayOfMonth: 31 },
    });
  });

  it("the converted schedule runs at the old time", () => {
    const r = fromLegacySchedule({ scheduleType: "DAILY", timeZone: "America/New_York" });
    if (!r.ok) throw new Error("conversion failed");
    const next = nextRun(
      { ...r.schedule, startDate: "2025-01-01" },
      r.timeZone ?? "UTC",
      new Date("2025-01-10T12:00:00Z"),
      0,
    );
    expect(next?.toISOString()).toBe("2025-01-10T22:00:00.000Z");
  });

  it("names the older fields in its messages", () => {
    const r = fromLegacySchedule({
      scheduleType: "FORTNIGHTLY",
      weekDays: ["Caturday"],
      scheduleHour: 25,
      timeZone: "Mars/Base",
    });
    expect(r).toEqual({
      ok: false,
      issues: [
        { path: ["scheduleType"], message: "Invalid" },
        { path: ["weekDays", 0], message: "Invalid" },
        { path: ["timeZone"], message: "Unknown time zone" },
        { path: ["scheduleHour"], message: "Value must be less than or equal to 23" },
      ],
    });
  });

  it("tells the older schedule from schema 2.0 by its own fields", () => {
    expect(isLegacySchedule({ scheduleType: "DAILY" })).toBe(true);
    expect(isLegacySchedule({ scheduleHour: 5 })).toBe(true);
    expect(isLegacySchedule({ repeats: "DAILY", dayOfMonth: 1 })).toBe(false);
    expect(isLegacySchedule({})).toBe(false);
  });
});
