import { scriptTemplate, type ScriptTemplate } from "@steward/contracts";
import type { z } from "zod";

type TemplateInput = Omit<
  z.input<typeof scriptTemplate>,
  "architecture" | "presets" | "timeoutSeconds" | "readOnly"
> &
  Partial<Pick<z.input<typeof scriptTemplate>, "architecture" | "presets" | "timeoutSeconds" | "readOnly">>;

/**
 * Script text as written in a template literal: `\${` and `` \` `` stand for ${ and ` (the two
 * sequences a template literal cannot hold); every other character, backslashes included, is
 * kept as is. The leading newline after the opening backtick is dropped.
 */
export function script(strings: TemplateStringsArray): string {
  const [raw] = strings.raw;
  if (strings.raw.length !== 1 || raw === undefined)
    throw new Error("template scripts take no interpolations");
  return raw
    .replace(/\\\$\{/g, "${")
    .replace(/\\`/g, "`")
    .replace(/^\r?\n/, "");
}

/** A built-in template: defaults filled, checked against the contract; batch files get CRLF line ends. */
export function defineTemplate(input: TemplateInput): ScriptTemplate {
  const body = input.language === "batch" ? input.body.replace(/\r?\n/g, "\r\n") : input.body;
  return scriptTemplate.parse({
    architecture: "ALL",
    presets: [],
    timeoutSeconds: 300,
    readOnly: false,
    ...input,
    body,
  });
}
