/** A route's :id (or :page) as a positive integer, or null when it is not one. */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A :page parameter: a positive integer, 1 when missing or malformed. */
export function parsePage(value: string | undefined | null): number {
  return parseId(value) ?? 1;
}
