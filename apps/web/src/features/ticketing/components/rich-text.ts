const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The simple editor's plain text as HTML: blank lines part paragraphs, single line breaks stay,
 * every character is escaped (the server sanitizes what it stores all the same).
 */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((para) => para.trim() !== "")
    .map((para) => `<p>${escape(para.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
