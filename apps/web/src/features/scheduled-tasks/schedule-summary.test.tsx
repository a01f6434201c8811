import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import type { ScheduledTask } from "@steward/contracts";
import { describeSchedule as serverSummary } from "@steward/domain";
import { I18nProvider, setLocaleSettings, useT } from "../../i18n";
import { describeSchedule } from "./schedule-summary";

type Schedule = ScheduledTask["schedule"];

const base: Schedule = {
  repeats: "DAILY",
  repeatsEveryCount: 1,
  repeatsEveryUnit: "HOURS",
  runAtHour: 9,
  runAtMinute: 0,
  dayOfMonth: 1,
  daysOfWeek: ["MONDAY"],
  startDate: null,
  end: { type: "NEVER", occurenceCount: null, endDate: null },
};
const schedule = (overrides: Partial<Schedule>): Schedule => ({ ...base, ...overrides });

const samples: Schedule[] = [
  base,
  schedule({ repeatsEveryCount: 3, runAtHour: 18, runAtMinute: 5 }),
  schedule({ repeats: "WEEKLY", daysOfWeek: ["MONDAY", "FRIDAY"] }),
  schedule({
    repeats: "WEEKLY",
    repeatsEveryCount: 2,
    end: { type: "AFTER", occurenceCount: 5, endDate: null },
  }),
  schedule({ repeats: "MONTHLY", dayOfMonth: 15 }),
  schedule({ repeats: "MONTHLY", repeatsEveryCount: 3, dayOfMonth: 31 }),
  schedule({ repeats: "EVERY", repeatsEveryCount: 1 }),
  schedule({ repeats: "EVERY", repeatsEveryCount: 6, repeatsEveryUnit: "MINUTES", runAtHour: 7 }),
  schedule({ end: { type: "AFTER", occurenceCount: 1, endDate: null } }),
  schedule({ end: { type: "ON", occurenceCount: null, endDate: "2026-03-31" } }),
  schedule({ repeats: "RUN_ONCE", startDate: "2025-11-22", runAtHour: 14, runAtMinute: 30 }),
  schedule({ repeats: "RUN_ONCE_IMMEDIATELY" }),
  schedule({ repeats: "ON_SYSTEM_STARTUP" }),
  schedule({ repeats: "ON_USER_LOGIN" }),
  schedule({ repeats: "NONE" }),
];

function translator() {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider>{children}</I18nProvider>;
  return renderHook(() => useT(), { wrapper }).result.current;
}

describe("schedule summary", () => {
  it("reads in English exactly as the server writes it", () => {
    const t = translator();
    for (const s of samples) expect(describeSchedule(t, s)).toBe(serverSummary(s));
  });

  it("reads in German with German words, day names and plurals", () => {
    setLocaleSettings({ locale: "de" });
    const t = translator();
    const de = (s: Partial<Schedule>) => describeSchedule(t, schedule(s));
    expect(de({})).toBe("Täglich um 09:00");
    expect(de({ repeatsEveryCount: 3 })).toBe("Alle 3 Tage um 09:00");
    expect(
      de({
        repeats: "WEEKLY",
        repeatsEveryCount: 2,
        daysOfWeek: ["MONDAY", "FRIDAY"],
        end: { type: "AFTER", occurenceCount: 5, endDate: null },
      }),
    ).toBe("Alle 2 Wochen am Montag, Freitag um 09:00, 5 Mal");
    expect(de({ repeats: "MONTHLY", dayOfMonth: 31 })).toBe(
      "Monatlich am 31. (oder am letzten Tag) um 09:00",
    );
    expect(de({ repeats: "EVERY", repeatsEveryCount: 1 })).toBe("Jede Stunde ab 09:00");
    expect(de({ end: { type: "ON", occurenceCount: null, endDate: "2026-03-31" } })).toBe(
      "Täglich um 09:00, bis 2026-03-31",
    );
    expect(de({ repeats: "RUN_ONCE", startDate: "2025-11-22" })).toBe("Einmal am 2025-11-22 um 09:00");
    expect(de({ repeats: "NONE" })).toBe("Nicht geplant");
  });
});
