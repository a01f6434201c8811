import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain JavaScript script without type declarations
import { findCycles, importGraph, importSpecifiers } from "./import-graph.mjs";

type Graph = Map<string, string[]>;
const graphOf = importGraph as (root: string) => Graph;
const cyclesOf = findCycles as (graph: Graph) => string[][];
const specifiersOf = importSpecifiers as (text: string) => string[];

const webSrc = fileURLToPath(new URL("../apps/web/src", import.meta.url));

describe("the web console's import graph", () => {
  it("has no cycle", () => {
    const graph = graphOf(webSrc);
    expect(graph.size).toBeGreaterThan(100);
    const cycles = cyclesOf(graph).map((cycle) => cycle.join(" → "));
    expect(
      cycles,
      "Import cycles under apps/web/src (list them with `node scripts/import-graph.mjs`); a feature's index " +
        "must not lead back to itself: import the file you need inside the feature, or move shared code to ui/ or lib/",
    ).toEqual([]);
  });

  it("the registry takes every feature's routes from its routes file", () => {
    const graph = graphOf(webSrc);
    const registry = graph.get("app/registry.ts") ?? [];
    const routeFiles = [...graph.keys()].filter((f) => /^features\/[^/]+\/routes\.tsx?$/.test(f));
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(registry).toEqual(expect.arrayContaining(routeFiles));
    // …and no feature's index hands out its routes (that tied every feature to all the others' pages).
    const indexesWithRoutes = [...graph.entries()]
      .filter(
        ([file, targets]) =>
          /^features\/[^/]+\/index\.ts$/.test(file) && targets.some((t) => /\/routes\.tsx?$/.test(t)),
      )
      .map(([file]) => file);
    expect(indexesWithRoutes).toEqual([]);
  });
});

describe("import-graph.mjs", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "steward-graph-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  it("reads static, re-exported, side-effect and dynamic imports, but not type-only ones or comments", () => {
    const text = [
      `import { a } from "./a";`,
      `import b, {\n  c,\n  d as e,\n} from "../b";`,
      `export { f } from "./f";`,
      `export * from "./g";`,
      `import "./side-effect.css";`,
      `const lazy = () => import("./pages/Lazy");`,
      `import type { T } from "./types";`,
      `export type { U } from "./u-types";`,
      `import { type V, type W } from "./v-types";`,
      `import { type X, y } from "./mixed";`,
      `// import { old } from "./commented";`,
      `/* import { older } from "./block-commented"; */`,
      `const url = "http://example.test/x"; import { z } from "./after-url";`,
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(
      ["../b", "./a", "./after-url", "./f", "./g", "./mixed", "./pages/Lazy", "./side-effect.css"].sort(),
    );
  });

  it("finds a cycle through a folder index and names it file by file", () => {
    write("a.ts", `import { b } from "./b";\nexport const a = 1;`);
    write("b.ts", `import { c } from "./feature";\nexport const b = 2;`);
    write("feature/index.ts", `export { c } from "./c";`);
    write("feature/c.tsx", `import { a } from "../a";\nexport const c = 3;`);
    write("lone.ts", `import { a } from "./a";\nimport type { b } from "./b";`);
    write("types-only/x.ts", `import type { Y } from "./y";\nexport type X = 1;`);
    write("types-only/y.ts", `import type { X } from "./x";\nexport type Y = 2;`);
    const graph = graphOf(root);
    expect(graph.get("feature/index.ts")).toEqual(["feature/c.tsx"]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "feature/index.ts", "feature/c.tsx", "a.ts"]]);
  });

  it("reports nothing for a graph without cycles", () => {
    const dag: Graph = new Map([
      ["a.ts", ["b.ts", "c.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", []],
    ]);
    expect(cyclesOf(dag)).toEqual([]);
    expect(cyclesOf(new Map([["self.ts", []]]))).toEqual([]);
  });
});
