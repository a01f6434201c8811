/** A message id and the values that turn its English template back into a given text. */
export interface MessageMatch {
  id: string;
  values: Record<string, string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Finds which English template produced a text: the server and the shared schemas speak English,
 * and the console shows that text in the reader's language by formatting the same id there.
 * Only templates whose arguments are plain `{name}` values take part (no plural or select).
 */
export function createMessageMatcher(english: Record<string, string>): (text: string) => MessageMatch | null {
  const exact = new Map<string, string>();
  const patterns: { id: string; names: string[]; regex: RegExp; literal: number }[] = [];
  for (const [id, template] of Object.entries(english)) {
    if (!template.includes("{")) {
      if (!exact.has(template)) exact.set(template, id);
      continue;
    }
    const names: string[] = [];
    let source = "";
    let plain = true;
    for (const part of template.split(/(\{[^{}]*\})/)) {
      const arg = /^\{\s*([A-Za-z_][\w]*)\s*\}$/.exec(part);
      if (arg) {
        names.push(arg[1]!);
        source += "(.+?)";
      } else if (part.includes("{") || part.includes("}")) {
        plain = false;
        break;
      } else source += escapeRegExp(part);
    }
    if (plain) patterns.push({ id, names, regex: new RegExp(`^${source}$`, "s"), literal: template.length });
  }
  // The template with the most fixed text wins ("greater than or equal to {min}" over "greater than {min}").
  patterns.sort((a, b) => b.literal - a.literal);
  return (text) => {
    const id = exact.get(text);
    if (id) return { id, values: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      pattern.names.forEach((name, i) => (values[name] = match[i + 1]!));
      return { id: pattern.id, values };
    }
    return null;
  };
}

/**
 * Writes an English template whose arguments are plain `{name}` values: the shared schemas give
 * their messages this way, so the text they produce is the catalogue's and the matcher finds it.
 * An argument without a value stays as written.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\s*([A-Za-z_]\w*)\s*\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
