import { describe, expect, it } from "vitest";
import { defaultSchedule, type Schedule } from "../schedule/index.js";
import {
  isMaintenanceActive,
  maintenanceOccurrenceAt,
  maintenanceStatus,
  nextMaintenanceStart,
  type MaintenanceTiming,
} from "./maintenance.js";

const at = (iso: string) => new Date(iso);
const recurring = (s: Partial<Schedule>, durationMinutes: number, timeZone = "UTC"): MaintenanceTiming => ({
  kind: "RECURRING",
  schedule: { ...defaultSchedule(), startDate: "2026-01-01", ...s },
  timeZone,
  durationMinutes,
});

describe("one-off windows", () => {
  const w: MaintenanceTiming = {
    kind: "ONE_OFF",
    startsAt: at("2026-03-01T10:00:00Z"),
    endsAt: at("2026-03-01T12:00:00Z"),
  };
  it("are open from the start (included) to the end (excluded)", () => {
    expect(isMaintenanceActive(w, at("2026-03-01T09:59:59Z"))).toBe(false);
    expect(isMaintenanceActive(w, at("2026-03-01T10:00:00Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-03-01T11:59:59Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-03-01T12:00:00Z"))).toBe(false);
  });
  it("are upcoming, active, then past", () => {
    expect(maintenanceStatus(w, at("2026-02-01T00:00:00Z"))).toBe("UPCOMING");
    expect(maintenanceStatus(w, at("2026-03-01T11:00:00Z"))).toBe("ACTIVE");
    expect(maintenanceStatus(w, at("2026-03-02T00:00:00Z"))).toBe("PAST");
  });
});

describe("recurring windows", () => {
  it("open at each start for their duration", () => {
    const w = recurring({ repeats: "DAILY", runAtHour: 22, runAtMinute: 0 }, 60);
    expect(maintenanceOccurrenceAt(w, at("2026-03-05T22:30:00Z"))).toEqual({
      start: at("2026-03-05T22:00:00Z"),
      end: at("2026-03-05T23:00:00Z"),
    });
    expect(isMaintenanceActive(w, at("2026-03-05T21:59:00Z"))).toBe(false);
    expect(isMaintenanceActive(w, at("2026-03-05T23:00:00Z"))).toBe(false);
    expect(nextMaintenanceStart(w, at("2026-03-05T23:00:00Z"))).toEqual(at("2026-03-06T22:00:00Z"));
  });

  it("keep running past midnight into the next day", () => {
    const w = recurring({ repeats: "WEEKLY", daysOfWeek: ["SATURDAY"], runAtHour: 23 }, 180);
    // Saturday 2026-03-07 23:00 → Sunday 02:00.
    expect(isMaintenanceActive(w, at("2026-03-08T01:30:00Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-03-08T02:00:00Z"))).toBe(false);
    expect(isMaintenanceActive(w, at("2026-03-09T01:30:00Z"))).toBe(false);
  });

  it("do not open before the start date", () => {
    const w = recurring({ repeats: "DAILY", runAtHour: 0, startDate: "2026-03-10" }, 120);
    expect(isMaintenanceActive(w, at("2026-03-09T01:00:00Z"))).toBe(false);
    expect(isMaintenanceActive(w, at("2026-03-10T01:00:00Z"))).toBe(true);
  });

  it("let an occurrence that started on the End On date run its full length, then are past", () => {
    const w = recurring(
      {
        repeats: "DAILY",
        runAtHour: 23,
        end: { type: "ON", occurenceCount: null, endDate: "2026-03-10" },
      },
      120,
    );
    expect(isMaintenanceActive(w, at("2026-03-11T00:30:00Z"))).toBe(true);
    expect(maintenanceStatus(w, at("2026-03-11T01:00:00Z"))).toBe("PAST");
    expect(isMaintenanceActive(w, at("2026-03-11T23:30:00Z"))).toBe(false);
  });

  it("stay open when the duration is longer than the interval between starts", () => {
    const w = recurring(
      { repeats: "EVERY", repeatsEveryUnit: "HOURS", repeatsEveryCount: 1, runAtHour: 0 },
      90,
    );
    expect(maintenanceOccurrenceAt(w, at("2026-03-05T10:15:00Z"))?.start).toEqual(at("2026-03-05T10:00:00Z"));
    expect(maintenanceStatus(w, at("2026-03-05T10:59:00Z"))).toBe("ACTIVE");
  });

  it("last their duration in elapsed time across the autumn clock change (America/New_York)", () => {
    // 01:00 EDT on 2026-11-01 is 05:00 UTC; two hours later is 02:00 EST (07:00 UTC).
    const w = recurring({ repeats: "DAILY", runAtHour: 1 }, 120, "America/New_York");
    expect(maintenanceOccurrenceAt(w, at("2026-11-01T06:30:00Z"))).toEqual({
      start: at("2026-11-01T05:00:00Z"),
      end: at("2026-11-01T07:00:00Z"),
    });
    // The repeated 01:30 (now EST) is still inside the same occurrence, not a second one.
    expect(isMaintenanceActive(w, at("2026-11-01T06:59:00Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-11-01T07:00:00Z"))).toBe(false);
  });

  it("open at the end of the gap when their start time is skipped in spring (Europe/Berlin)", () => {
    // 02:30 does not exist on 2026-03-29 in Berlin: the schedule engine starts at 03:30 CEST (01:30 UTC).
    const w = recurring({ repeats: "DAILY", runAtHour: 2, runAtMinute: 30 }, 30, "Europe/Berlin");
    expect(maintenanceOccurrenceAt(w, at("2026-03-29T01:45:00Z"))?.start).toEqual(at("2026-03-29T01:30:00Z"));
    expect(isMaintenanceActive(w, at("2026-03-29T01:15:00Z"))).toBe(false);
    // On an ordinary day 02:30 CET is 01:30 UTC.
    expect(maintenanceOccurrenceAt(w, at("2026-03-28T01:45:00Z"))?.start).toEqual(at("2026-03-28T01:30:00Z"));
  });

  it("use the last day of a shorter month for a monthly day 31", () => {
    const w = recurring({ repeats: "MONTHLY", dayOfMonth: 31, runAtHour: 20 }, 60);
    expect(isMaintenanceActive(w, at("2026-02-28T20:30:00Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-03-31T20:30:00Z"))).toBe(true);
    expect(isMaintenanceActive(w, at("2026-03-30T20:30:00Z"))).toBe(false);
  });
});
