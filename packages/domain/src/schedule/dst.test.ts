import { describe, expect, it } from "vitest";
import { formatWallClock, nextRun, previewRuns } from "./next-run.js";
import { defaultSchedule, type Schedule } from "./schedule.js";
import { zonedInstant } from "./zoned-time.js";

const schedule = (over: Partial<Schedule>): Schedule => ({
  ...defaultSchedule(),
  startDate: "2025-01-01",
  ...over,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const NY = "America/New_York";
const BERLIN = "Europe/Berlin";

describe("wall clock → instant", () => {
  it("a time skipped by spring-forward moves forward by the gap", () => {
    // 2025-03-09: New York goes 02:00 EST → 03:00 EDT.
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 9 }, 2, 30, NY)).toISOString()).toBe(
      "2025-03-09T07:30:00.000Z",
    );
    // 2025-03-30: Berlin goes 02:00 CET → 03:00 CEST.
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 30 }, 2, 30, BERLIN)).toISOString()).toBe(
      "2025-03-30T01:30:00.000Z",
    );
  });

  it("a time repeated by fall-back resolves to its first occurrence", () => {
    // 2025-11-02: New York goes 02:00 EDT → 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    expect(new Date(zonedInstant({ year: 2025, month: 11, day: 2 }, 1, 30, NY)).toISOString()).toBe(
      "2025-11-02T05:30:00.000Z",
    );
    // 2025-10-26: Berlin goes 03:00 CEST → 02:00 CET; 02:30 happens at 00:30Z and 01:30Z.
    expect(new Date(zonedInstant({ year: 2025, month: 10, day: 26 }, 2, 30, BERLIN)).toISOString()).toBe(
      "2025-10-26T00:30:00.000Z",
    );
  });

  it("ordinary times on either side of a change", () => {
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 8 }, 9, 0, NY)).toISOString()).toBe(
      "2025-03-08T14:00:00.000Z",
    );
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 9 }, 9, 0, NY)).toISOString()).toBe(
      "2025-03-09T13:00:00.000Z",
    );
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 9 }, 3, 0, NY)).toISOString()).toBe(
      "2025-03-09T07:00:00.000Z",
    );
    expect(new Date(zonedInstant({ year: 2025, month: 3, day: 9 }, 1, 59, NY)).toISOString()).toBe(
      "2025-03-09T06:59:00.000Z",
    );
  });
});

describe("Daily across daylight-saving changes", () => {
  it("America/New_York spring-forward: 02:30 runs once, at 03:30 EDT, then 02:30 again", () => {
    const runs = previewRuns(
      schedule({ runAtHour: 2, runAtMinute: 30 }),
      NY,
      new Date("2025-03-08T12:00:00Z"),
      3,
    );
    expect(iso(runs)).toEqual([
      "2025-03-09T07:30:00.000Z",
      "2025-03-10T06:30:00.000Z",
      "2025-03-11T06:30:00.000Z",
    ]);
    expect(runs.map((r) => formatWallClock(r, NY))).toEqual([
      "2025-03-09 03:30",
      "2025-03-10 02:30",
      "2025-03-11 02:30",
    ]);
  });

  it("America/New_York fall-back: 01:30 runs once, at the first 01:30 (EDT)", () => {
    const runs = previewRuns(
      schedule({ runAtHour: 1, runAtMinute: 30 }),
      NY,
      new Date("2025-11-01T12:00:00Z"),
      2,
    );
    expect(iso(runs)).toEqual(["2025-11-02T05:30:00.000Z", "2025-11-03T06:30:00.000Z"]);
    // Asked again right after the first 01:30: the second 01:30 (06:30Z) is not a run.
    expect(
      nextRun(
        schedule({ runAtHour: 1, runAtMinute: 30 }),
        NY,
        new Date("2025-11-02T05:30:00Z"),
        1,
      )?.toISOString(),
    ).toBe("2025-11-03T06:30:00.000Z");
  });

  it("Europe/Berlin spring-forward and fall-back for 02:30", () => {
    const s = schedule({ runAtHour: 2, runAtMinute: 30 });
    expect(iso(previewRuns(s, BERLIN, new Date("2025-03-29T12:00:00Z"), 2))).toEqual([
      "2025-03-30T01:30:00.000Z",
      "2025-03-31T00:30:00.000Z",
    ]);
    const autumn = previewRuns(s, BERLIN, new Date("2025-10-25T12:00:00Z"), 2);
    expect(iso(autumn)).toEqual(["2025-10-26T00:30:00.000Z", "2025-10-27T01:30:00.000Z"]);
    expect(autumn.map((r) => formatWallClock(r, BERLIN))).toEqual(["2025-10-26 02:30", "2025-10-27 02:30"]);
  });

  it("09:00 stays 09:00 local through the change (the UTC time moves by an hour)", () => {
    const runs = previewRuns(schedule({}), NY, new Date("2025-03-08T00:00:00Z"), 2);
    expect(iso(runs)).toEqual(["2025-03-08T14:00:00.000Z", "2025-03-09T13:00:00.000Z"]);
  });

  it("Weekly and Monthly keep the wall-clock time too", () => {
    const weekly = schedule({ repeats: "WEEKLY", daysOfWeek: ["SUNDAY"], runAtHour: 2, runAtMinute: 30 });
    expect(iso(previewRuns(weekly, BERLIN, new Date("2025-03-24T00:00:00Z"), 2))).toEqual([
      "2025-03-30T01:30:00.000Z",
      "2025-04-06T00:30:00.000Z",
    ]);
    const monthly = schedule({ repeats: "MONTHLY", dayOfMonth: 2, runAtHour: 1, runAtMinute: 30 });
    expect(nextRun(monthly, NY, new Date("2025-10-15T00:00:00Z"), 0)?.toISOString()).toBe(
      "2025-11-02T05:30:00.000Z",
    );
  });
});

describe("Every N hours across daylight-saving changes", () => {
  it("counts elapsed time: hourly runs stay one real hour apart (no gap, no double run)", () => {
    const s = schedule({
      repeats: "EVERY",
      repeatsEveryCount: 1,
      runAtHour: 0,
      runAtMinute: 0,
      startDate: "2025-03-09",
    });
    const spring = previewRuns(s, NY, new Date("2025-03-09T04:30:00Z"), 4);
    expect(spring.map((r) => formatWallClock(r, NY))).toEqual([
      "2025-03-09 00:00",
      "2025-03-09 01:00",
      "2025-03-09 03:00",
      "2025-03-09 04:00",
    ]);
    expect(spring[2]!.getTime() - spring[1]!.getTime()).toBe(3_600_000);
    const autumn = previewRuns({ ...s, startDate: "2025-11-02" }, NY, new Date("2025-11-02T04:30:00Z"), 4);
    expect(autumn.map((r) => formatWallClock(r, NY))).toEqual([
      "2025-11-02 01:00",
      "2025-11-02 01:00",
      "2025-11-02 02:00",
      "2025-11-02 03:00",
    ]);
    expect(iso(autumn).slice(0, 2)).toEqual(["2025-11-02T05:00:00.000Z", "2025-11-02T06:00:00.000Z"]);
  });
});
