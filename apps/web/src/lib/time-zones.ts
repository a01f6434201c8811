/** Every IANA time zone the browser knows, with UTC first and `current` always present. */
export function timeZoneOptions(current?: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  const set = new Set(["UTC", ...zones]);
  if (current) set.add(current);
  const rest = [...set].filter((z) => z !== "UTC").sort((a, b) => a.localeCompare(b));
  return ["UTC", ...rest];
}

/** The browser's own zone, offered as a hint. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
