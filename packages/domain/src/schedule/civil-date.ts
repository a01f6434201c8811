/** Calendar dates without a time zone, as whole day numbers since 1970-01-01 (pure arithmetic). */

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

export const dayNumberOf = (d: CivilDate): number =>
  Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);

export function civilDateOf(dayNumber: number): CivilDate {
  const t = new Date(dayNumber * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (dayNumber: number): number => (((dayNumber + 4) % 7) + 7) % 7;

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A strict YYYY-MM-DD date that exists in the calendar, or null. */
export function parseIsoDate(text: string): CivilDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) return null;
  return d;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export const formatIsoDate = (d: CivilDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
