import { parseFragment } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Elements kept as they are (with the attributes listed for them). */
const allowedTags: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  strike: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  blockquote: [],
  span: [],
  div: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** Elements dropped together with everything inside them. */
const droppedWithContent = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "title",
  "textarea",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "frameset",
  "head",
]);

const voidTags = new Set(["br", "hr", "img"]);
const numeric = /^\d{1,4}$/;

/** Link targets: web and mail addresses only (never javascript:, data: or the like). */
function safeUrl(value: string, forImage: boolean): string | null {
  // Browsers ignore control characters and spaces inside a scheme; so do we before judging it.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").toLowerCase();
  if (compact.startsWith("https:") || compact.startsWith("http:")) return value.trim();
  if (!forImage && compact.startsWith("mailto:")) return value.trim();
  // A relative address (an uploaded attachment of this console) is fine for both.
  if (/^\/(?!\/)/.test(compact) && !compact.includes("\\")) return value.trim();
  return null;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

function attributesOf(element: Element, tag: string): string {
  const allowed = allowedTags[tag] ?? [];
  let out = "";
  for (const attr of element.attrs) {
    const name = attr.name.toLowerCase();
    if (!allowed.includes(name)) continue;
    let value: string | null = attr.value;
    if (name === "href") value = safeUrl(value, false);
    else if (name === "src") value = safeUrl(value, true);
    else if (["start", "colspan", "rowspan", "width", "height"].includes(name))
      value = numeric.test(value) ? value : null;
    if (value === null) continue;
    out += ` ${name}="${escapeAttr(value)}"`;
  }
  if (tag === "a") out += ` rel="noopener noreferrer nofollow" target="_blank"`;
  return out;
}

function render(nodes: readonly Node[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.nodeName === "#text") {
      out += escapeText((node as DefaultTreeAdapterMap["textNode"]).value);
      continue;
    }
    if (!("tagName" in node)) continue; // comments, doctypes
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (element.namespaceURI !== "http://www.w3.org/1999/xhtml" || droppedWithContent.has(tag)) continue;
    const children = render(element.childNodes);
    if (!(tag in allowedTags)) {
      out += children; // unknown wrapper: keep what it says, not what it is
      continue;
    }
    out += voidTags.has(tag)
      ? `<${tag}${attributesOf(element, tag)}>`
      : `<${tag}${attributesOf(element, tag)}>${children}</${tag}>`;
  }
  return out;
}

function textOf(nodes: readonly Node[]): string {
  const parts: string[] = [];
  for (const node of nodes) {
    if (node.nodeName === "#text") parts.push((node as DefaultTreeAdapterMap["textNode"]).value);
    else if ("childNodes" in node && "tagName" in node && !droppedWithContent.has(node.tagName))
      parts.push(textOf(node.childNodes));
  }
  return parts.join(" ");
}

/**
 * Rich text as the console keeps it: the HTML is parsed the way a browser would, and only the
 * elements and attributes of an allow-list survive (links and images to web addresses only);
 * scripts, styles, frames, event handlers and every other attribute are gone.
 */
export function sanitizeTicketHtml(html: string): string {
  return render(parseFragment(html).childNodes);
}

/** The words of sanitized HTML, for full-text search. */
export function textOfTicketHtml(html: string): string {
  return textOf(parseFragment(html).childNodes).replace(/\s+/g, " ").trim();
}
