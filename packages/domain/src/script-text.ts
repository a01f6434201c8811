/** Script text loses the characters & | ; $ > < backtick ! (shell metacharacters). */
export const STRIPPED_SCRIPT_CHARACTERS = ["&", "|", ";", "$", ">", "<", "`", "!"] as const;

const STRIP_RE = /[&|;$><`!]/g;

/** Removes the spec's stripped characters from parameter text; everything else stays byte-exact. */
export function stripScriptText(text: string): string {
  return text.replace(STRIP_RE, "");
}
