import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const featuresRoot = fileURLToPath(new URL("../apps/web/src/features", import.meta.url));

type ReadFile = (file: string) => string | undefined;

const diskRead: ReadFile = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);

const isHookName = (name: string) => /^use[A-Z0-9]/.test(name);
const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name) && !/^[A-Z0-9_]+$/.test(name);

/** The module file an import specifier names, trying the extensions the console uses. */
function resolveModule(fromFile: string, specifier: string, read: ReadFile): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (read(candidate) !== undefined) return candidate;
  return undefined;
}

function parse(file: string, text: string) {
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Whether the initializer makes a component: a function, or a wrapper call such as memo(), lazy() or forwardRef(). */
function isFunctionLike(init: ts.Expression | undefined): boolean {
  if (!init) return false;
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return true;
  if (ts.isCallExpression(init))
    return init.arguments.some(
      (a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a) || ts.isIdentifier(a),
    );
  return false;
}

/**
 * What `name` is where `file` declares it: "function", "type", or "value" (anything else: an
 * object, a constant, a class). Follows re-exports.
 */
function kindOf(
  file: string,
  name: string,
  read: ReadFile,
  depth = 0,
): "function" | "type" | "value" | "missing" {
  const text = read(file);
  if (text === undefined || depth > 8) return "missing";
  const source = parse(file, text);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && hasExport(statement))
      return "function";
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text === name
    )
      return "type";
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) return "value";
    if (ts.isEnumDeclaration(statement) && statement.name.text === name) return "value";
    if (ts.isVariableStatement(statement) && hasExport(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name)
          return isFunctionLike(declaration.initializer) ? "function" : "value";
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const target = resolveModule(file, statement.moduleSpecifier.text, read);
      if (!statement.exportClause) {
        const found = target ? kindOf(target, name, read, depth + 1) : "missing";
        if (found !== "missing") return found;
        continue;
      }
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          if (element.name.text === name) {
            if (statement.isTypeOnly || element.isTypeOnly) return "type";
            return target
              ? kindOf(target, (element.propertyName ?? element.name).text, read, depth + 1)
              : "missing";
          }
    }
  }
  return "missing";
}

/**
 * The exports of a feature's index that are neither a component (a PascalCase function) nor a
 * hook (useX) nor a type, each with the reason.
 */
function offendingExports(indexFile: string, read: ReadFile = diskRead): string[] {
  const text = read(indexFile);
  if (text === undefined) return [`${indexFile}: missing`];
  const source = parse(indexFile, text);
  const problems: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause) {
        problems.push("export * (list what the feature hands out by name)");
        continue;
      }
      if (!ts.isNamedExports(statement.exportClause)) {
        problems.push("export * as namespace");
        continue;
      }
      const target =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? resolveModule(indexFile, statement.moduleSpecifier.text, read)
          : undefined;
      for (const element of statement.exportClause.elements) {
        const name = element.name.text;
        if (statement.isTypeOnly || element.isTypeOnly) continue;
        const kind = target ? kindOf(target, (element.propertyName ?? element.name).text, read) : "missing";
        if (kind === "type") continue;
        if (kind === "function" && (isHookName(name) || isComponentName(name))) continue;
        problems.push(
          `${name} (${kind === "function" ? "a function that is neither a component nor a hook" : kind})`,
        );
      }
      continue;
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if (hasExport(statement) || ts.isExportAssignment(statement))
      problems.push(
        `a declaration in the index itself (line ${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1})`,
      );
  }
  return problems;
}

describe("a web feature's index", () => {
  it("hands other features only components, hooks and types", () => {
    const features = fs
      .readdirSync(featuresRoot)
      .filter((d) => fs.statSync(path.join(featuresRoot, d)).isDirectory());
    expect(features.length).toBeGreaterThan(15);
    const found: Record<string, string[]> = {};
    for (const feature of features) {
      const problems = offendingExports(path.join(featuresRoot, feature, "index.ts"));
      if (problems.length > 0) found[feature] = problems;
    }
    expect(
      found,
      "Replace a query-key object or a helper with a hook (useInvalidateX, useXFlow), or move code that belongs " +
        "to no feature into apps/web/src/lib (React-free display helpers) or packages/domain (rules)",
    ).toEqual({});
  });

  const fixture =
    (files: Record<string, string>): ReadFile =>
    (file) =>
      files[file];

  it("refuses query keys, constants, plain functions, classes and export *", () => {
    const read = fixture({
      "/f/index.ts": [
        'export { fooKeys, FOO_ERROR, fooLink, FlowError, useFoo, FooCard, type Foo } from "./api";',
        'export * from "./more";',
      ].join("\n"),
      "/f/api.ts": [
        "export const fooKeys = { all: ['foo'] as const };",
        'export const FOO_ERROR = "Could not load";',
        "export function fooLink(id: number) { return `/foo/${id}`; }",
        "export class FlowError extends Error {}",
        "export function useFoo() { return 1; }",
        "export const FooCard = () => null;",
        "export interface Foo { id: number }",
      ].join("\n"),
      "/f/more.ts": "export const x = 1;",
    });
    expect(offendingExports("/f/index.ts", read)).toEqual([
      "fooKeys (value)",
      "FOO_ERROR (value)",
      "fooLink (a function that is neither a component nor a hook)",
      "FlowError (value)",
      "export * (list what the feature hands out by name)",
    ]);
  });

  it("accepts components (functions or wrapped), hooks and types, also through a re-export", () => {
    const read = fixture({
      "/f/index.ts": [
        'export { useFoo, FooCard, FooMemo } from "./components";',
        'export type { Foo } from "./api";',
        'export { type Bar } from "./api";',
        "export {};",
      ].join("\n"),
      "/f/components/index.ts": 'export { useFoo } from "../api";\nexport * from "./cards";',
      "/f/components/cards.tsx":
        "export function FooCard() { return null; }\nexport const FooMemo = memo(FooCard);",
      "/f/api.ts":
        "export function useFoo() { return 1; }\nexport type Foo = number;\nexport interface Bar { id: number }",
    });
    expect(offendingExports("/f/index.ts", read)).toEqual([]);
  });
});
