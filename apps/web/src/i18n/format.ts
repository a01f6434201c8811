import type { DateFormatPreference } from "@steward/contracts";
import { getLocaleSettings, type LocaleSettings } from "./store";

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The numeric parts of a moment in a zone (two-digit month, day, hour, minute). */
function parts(date: Date, timeZone: string | undefined, hour12: boolean) {
  const format = dateTimeFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    ...(hour12 ? { hour12: true } : { hourCycle: "h23" as const }),
    ...(timeZone ? { timeZone } : {}),
  });
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out as Record<"year" | "month" | "day" | "hour" | "minute" | "dayPeriod", string>;
}

function fixedFormat(
  date: Date,
  format: Exclude<DateFormatPreference, "locale">,
  timeZone: string | undefined,
  withTime: boolean,
) {
  const p = parts(date, timeZone, format === "mdy");
  const day =
    format === "iso"
      ? `${p.year}-${p.month}-${p.day}`
      : format === "dmy"
        ? `${p.day}.${p.month}.${p.year}`
        : `${p.month}/${p.day}/${p.year}`;
  if (!withTime) return day;
  const hour = format === "mdy" ? String(Number(p.hour)) : p.hour;
  return `${day} ${hour}:${p.minute}${format === "mdy" ? ` ${p.dayPeriod}` : ""}`;
}

/** "22 Nov 2025, 14:30" as the reader's settings write it; an em dash for a missing value. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  settings: LocaleSettings = getLocaleSettings(),
): string {
  const date = toDate(value);
  if (!date) return "—";
  const { locale, timeZone, dateFormat } = settings;
  if (dateFormat !== "locale") return fixedFormat(date, dateFormat, timeZone, true);
  return dateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** "22 Nov 2025" as the reader's settings write it; an em dash for a missing value. */
export function formatDate(
  value: string | number | Date | null | undefined,
  settings: LocaleSettings = getLocaleSettings(),
): string {
  const date = toDate(value);
  if (!date) return "—";
  const { locale, timeZone, dateFormat } = settings;
  if (dateFormat !== "locale") return fixedFormat(date, dateFormat, timeZone, false);
  return dateTimeFormat(locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** "14:30" (or "2:30 PM") in the reader's zone and format. */
export function formatTime(
  value: string | number | Date | null | undefined,
  settings: LocaleSettings = getLocaleSettings(),
): string {
  const date = toDate(value);
  if (!date) return "—";
  const { locale, timeZone, dateFormat } = settings;
  const hour12 =
    dateFormat === "mdy" ? { hour12: true } : dateFormat === "locale" ? {} : { hourCycle: "h23" as const };
  return dateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    ...hour12,
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A number as the reader's language writes it ("1,234.5" / "1.234,5"). */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  settings: LocaleSettings = getLocaleSettings(),
): string {
  return new Intl.NumberFormat(settings.locale, options).format(value);
}

/** The binary units a byte count is written in, each 1024 times the one before. */
export const SIZE_UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/**
 * A byte count from Bytes up to YB in steps of 1024, at most `decimals` decimals without
 * trailing zeros, written with the reader's decimal separator ("1.5 GB" / "1,5 GB").
 */
export function formatBytes(
  bytes: number,
  decimals = 2,
  settings: LocaleSettings = getLocaleSettings(),
): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${SIZE_UNITS[0]}`;
  // Less than one byte (an average rate) stays in Bytes.
  const i = Math.max(0, Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1));
  const value = parseFloat((bytes / 1024 ** i).toFixed(Math.max(0, decimals)));
  return `${formatNumber(value, { maximumFractionDigits: Math.max(0, decimals), useGrouping: false }, settings)} ${SIZE_UNITS[i]}`;
}
