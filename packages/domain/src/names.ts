/**
 * Names that must be unique within their scope (organization names, location names within an
 * organization) compare without surrounding spaces and without regard to case.
 */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The first name in the list that repeats an earlier one (by nameKey), or null when all differ. */
export function findDuplicateName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = nameKey(name);
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

/** Escapes the LIKE/ILIKE wildcards (% and _) and the escape character itself, for a literal substring search. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
