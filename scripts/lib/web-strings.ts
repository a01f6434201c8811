import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Finds user-visible English written into the console's code instead of its catalogue: JSX text,
 * text attributes (label, placeholder, title, aria-label…), text properties of objects
 * (title, message, label…) and sentence-like strings anywhere else. A line may be exempted with
 * a comment `i18n-exempt: <reason>` on it or on the line above (product names, sample input).
 */
export interface HardCodedString {
  file: string;
  line: number;
  text: string;
}

/** Attributes and properties whose value people read. */
const TEXT_NAMES = new Set([
  "label",
  "placeholder",
  "title",
  "description",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "alt",
  "error",
  "tooltip",
  "message",
  "caption",
  "header",
  "heading",
  "subtitle",
  "children",
  "text",
  "hint",
  "help",
  "nothingFound",
  "nothingFoundMessage",
  "confirm",
  "cancel",
]);
const TEXT_SUFFIX = /(Label|Text|Message|Title|Placeholder|Description|Caption|Tooltip|Hint)$/;

/** Attributes that never hold prose even when their value has spaces or capitals. */
const NON_TEXT_ATTRIBUTES = new Set([
  "className",
  "style",
  "href",
  "to",
  "id",
  "name",
  "type",
  "key",
  "role",
  "autoComplete",
  "inputMode",
  "pattern",
  "accept",
  "rel",
  "target",
  "src",
  "value",
  "defaultValue",
  "form",
  "htmlFor",
  "lang",
  "dir",
]);

/** Calls whose string arguments are message ids or developer text, not prose. */
const NON_TEXT_CALLS = new Set([
  "t",
  "rich",
  "translate",
  "formatMessage",
  "isMessageKey",
  "Error",
  "TypeError",
  "RangeError",
  "require",
  "RegExp",
  "querySelector",
  "querySelectorAll",
  "getItem",
  "setItem",
  "removeItem",
  "addEventListener",
  "removeEventListener",
  "matchMedia",
  "useSearchParams",
  "get",
  "has",
  "set",
  "delete",
  "append",
  "startsWith",
  "endsWith",
  "includes",
  "split",
  "replace",
  "join",
  "localeCompare",
  "log",
  "warn",
  "error",
  "info",
  "debug",
]);

const LETTER = /\p{L}/u;
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `{x}${span.literal.text}`).join("");
  }
  return null;
}

function nameOf(name: ts.Node | undefined): string | null {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

const isTextName = (name: string) => TEXT_NAMES.has(name) || TEXT_SUFFIX.test(name);
const isProse = (text: string) => LETTER.test(text) && !MESSAGE_KEY.test(text.trim());
const looksLikeProseSentence = (text: string) => {
  const t = text.trim();
  // A capitalised word followed by more words, or words ending like a sentence.
  return isProse(t) && (/^\p{Lu}\p{Ll}+[\s,]/u.test(t) || /\p{L}\s+\p{L}.*[.!?…:]$/u.test(t));
};

type Verdict = "text" | "maybe" | "skip";

/** How a string literal at this position is used: read by people, possibly, or never. */
function classify(node: ts.Node): Verdict {
  let child: ts.Node = node;
  let parent = node.parent;
  while (parent) {
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
      return "skip";
    if (ts.isLiteralTypeNode(parent) || ts.isTypeNode(parent)) return "skip";
    if (ts.isCaseClause(parent) && parent.expression === child) return "skip";
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return "skip";
    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken ||
        op === ts.SyntaxKind.InKeyword
      )
        return "skip";
    }
    if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name === child)
      return "skip";
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const name = calleeName(parent);
      if (name && NON_TEXT_CALLS.has(name)) return "skip";
      if (name === "show" || name === "update" || name === "openConfirmModal" || name === "open")
        return "maybe";
      return "maybe";
    }
    if (ts.isJsxAttribute(parent)) {
      const name = nameOf(parent.name) ?? "";
      if (name.startsWith("data-") || NON_TEXT_ATTRIBUTES.has(name)) return "skip";
      return isTextName(name) ? "text" : "maybe";
    }
    if (ts.isPropertyAssignment(parent)) {
      const name = nameOf(parent.name) ?? "";
      if (isTextName(name)) return "text";
      return "maybe";
    }
    if (
      ts.isJsxExpression(parent) &&
      parent.parent &&
      (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent))
    )
      return "text";
    if (
      ts.isFunctionLike(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isReturnStatement(parent) ||
      ts.isExpressionStatement(parent)
    )
      return "maybe";
    child = parent;
    parent = parent.parent;
  }
  return "maybe";
}

function exempted(source: ts.SourceFile, node: ts.Node): boolean {
  const lines = source.text.split("\n");
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const pattern = /i18n-exempt:\s*\S/;
  return pattern.test(lines[line] ?? "") || pattern.test(lines[line - 1] ?? "");
}

export function findHardCodedStrings(file: string, text: string): HardCodedString[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: HardCodedString[] = [];
  const report = (node: ts.Node, value: string) => {
    if (exempted(source, node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file, line: line + 1, text: value.trim().replace(/\s+/g, " ") });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
      return;
    }
    const value = textOf(node);
    if (value !== null) {
      const verdict = classify(node);
      if (verdict === "text" ? isProse(value) : verdict === "maybe" && looksLikeProseSentence(value))
        report(node, value);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The console's source files that may hold text (tests, catalogues and type declarations excluded). */
export function consoleSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "i18n" || entry.name === "test") continue;
        walk(full);
      } else if (
        /\.(ts|tsx)$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith(".d.ts")
      ) {
        files.push(full);
      }
    }
  };
  walk(root);
  return files.sort();
}
