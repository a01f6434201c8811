import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The rule: services and repositories are built in one place, the composition root
 * (services.ts), and every other part of the server receives those instances. Outside it, the
 * only construction allowed is a repository building a copy of itself on a transaction's handle,
 * inside the repository's own file. Tests, test fixtures and the test harness may build what
 * they need.
 */
const srcDir = path.dirname(fileURLToPath(import.meta.url));
const ROOT = "services.ts";

/**
 * Services that still build their own repository from the database they are given. Each is a
 * known leftover; the list only shrinks (a new entry fails, and so does a stale one).
 */
const OWN_REPOSITORY_LEFTOVERS = [
  "modules/auth/auth.service.ts: createAuthRepository",
  "modules/devices/devices.service.ts: createDevicesRepository",
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(full);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) return [];
    if (/\.(test|fixtures)\.ts$/.test(entry.name)) return [];
    return [full];
  });
}

/** Code without comments and string contents, so prose never counts as a call. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1")
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, "``")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""');
}

/** Calls of `create…Service(`, `create…Repository(` and `new …Repository(` (not their definitions). */
export function constructionsIn(text: string): { kind: "new" | "create"; name: string }[] {
  const found: { kind: "new" | "create"; name: string }[] = [];
  const code = codeOf(text);
  for (const m of code.matchAll(
    /(\bfunction\s+|\bnew\s+|\.)?\b(create[A-Z]\w*(?:Service|Repository))\s*\(/g,
  )) {
    const before = m[1]?.trim();
    if (before === "function" || before === ".") continue;
    found.push({ kind: "create", name: m[2]! });
  }
  for (const m of code.matchAll(/\bnew\s+([A-Z]\w*Repository)\s*\(/g))
    found.push({ kind: "new", name: m[1]! });
  return found;
}

describe("composition root", () => {
  const files = sourceFiles(srcDir);

  it("finds the server's sources (the scan is not empty)", () => {
    const relative = files.map((f) => path.relative(srcDir, f).split(path.sep).join("/"));
    expect(relative).toContain(ROOT);
    expect(relative).toContain("app.ts");
    expect(relative.filter((f) => f.startsWith("modules/")).length).toBeGreaterThan(50);
  });

  it("recognizes calls and ignores definitions, comments and strings", () => {
    const sample = [
      "export function createThingService(deps) {}",
      "const a = createThingService(deps);",
      "const b = new ThingRepository(db);",
      "const c = createThingRepository(tx);",
      "// createOtherService(deps) in a comment",
      'const d = "new OtherRepository(db)";',
      "export class ThingRepository { on(tx) { return new ThingRepository(tx); } }",
    ].join("\n");
    expect(constructionsIn(sample)).toEqual([
      { kind: "create", name: "createThingService" },
      { kind: "create", name: "createThingRepository" },
      { kind: "new", name: "ThingRepository" },
      { kind: "new", name: "ThingRepository" },
    ]);
  });

  it("builds services and repositories only in services.ts (a repository may copy itself onto a transaction)", () => {
    const offenders: string[] = [];
    const ownRepository: string[] = [];
    for (const file of files) {
      const relative = path.relative(srcDir, file).split(path.sep).join("/");
      if (relative === ROOT) continue;
      const text = fs.readFileSync(file, "utf8");
      for (const { kind, name } of constructionsIn(text)) {
        const selfCopy =
          name.endsWith("Repository") &&
          (kind === "new"
            ? new RegExp(`\\bclass\\s+${name}\\b`).test(text)
            : new RegExp(`\\bfunction\\s+${name}\\b`).test(text));
        if (selfCopy) continue;
        const entry = `${relative}: ${name}`;
        if (kind === "create" && name.endsWith("Repository") && relative.endsWith(".service.ts"))
          ownRepository.push(entry);
        else offenders.push(entry);
      }
    }
    expect(offenders, "build it in services.ts and pass it in").toEqual([]);
    expect([...new Set(ownRepository)].sort()).toEqual(OWN_REPOSITORY_LEFTOVERS);
  });
});
