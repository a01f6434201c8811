/**
 * The canonical spelling of an IANA time zone (e.g. "europe/paris" → "Europe/Paris", "utc" → "UTC"),
 * or null when the runtime does not know the zone.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.trim() === "") return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
