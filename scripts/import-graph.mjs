#!/usr/bin/env node
// The import graph of a TypeScript source folder, read from the import statements themselves
// (no compiler, no bundler), and the cycles in it.
//
//   node scripts/import-graph.mjs [folder]     prints every cycle (default folder: apps/web/src)
//
// Type-only imports (`import type`, `export type … from`) are left out: the compiler erases them,
// so they cannot make modules wait on each other when the code runs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(?:tsx?|mts|cts)$/;
const CANDIDATES = ["", ".ts", ".tsx", ".mts", "/index.ts", "/index.tsx"];

/** Every source file under `root` (tests included: they import like any other file). */
export function sourceFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

/** Comments removed, so commented-out imports and examples in doc comments do not count. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The specifiers a file imports at run time: static imports, re-exports, side-effect and dynamic imports. */
export function importSpecifiers(text) {
  const code = stripComments(text);
  const found = [];
  const fromClause = /\b(import|export)\s+(type\s+)?([^;]*?)\s*\bfrom\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(fromClause)) {
    if (m[2]) continue; // import type … / export type … from
    const clause = m[3].trim();
    // `import { type A, type B } from` imports nothing at run time either.
    const named = /^\{([\s\S]*)\}$/.exec(clause);
    if (named && named[1].split(",").every((part) => /^\s*(type\s+\S.*)?\s*$/.test(part))) continue;
    found.push(m[4]);
  }
  for (const m of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]);
  return found;
}

/** The file a relative specifier names, or undefined for packages and files outside the graph. */
export function resolveSpecifier(fromFile, specifier, known) {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier).replace(/\.js$/, "");
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** file → the files it imports (only files under `root`), paths relative to `root`. */
export function importGraph(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(fs.readFileSync(file, "utf8"))) {
      const target = resolveSpecifier(file, specifier, known);
      if (target && target !== file) targets.add(path.relative(root, target).split(path.sep).join("/"));
    }
    graph.set(path.relative(root, file).split(path.sep).join("/"), [...targets].sort());
  }
  return graph;
}

/**
 * The cycles of a graph: one per strongly connected component of more than one file, shown as
 * a shortest loop through its first file (a → b → … → a).
 */
export function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (start) => {
    // Iterative Tarjan: deep import chains must not overflow the call stack.
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const next = edges[i];
        if (!indexOf.has(next)) {
          indexOf.set(next, index);
          low.set(next, index);
          index += 1;
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node), indexOf.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return components
    .map((component) => shortestLoop(graph, component))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest path from the component's first file back to itself, inside the component. */
function shortestLoop(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        loop.push(start);
        return loop;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, start];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL("../apps/web/src", import.meta.url)));
  const cycles = findCycles(importGraph(root));
  for (const cycle of cycles) process.stdout.write(`${cycle.join(" → ")}\n`);
  process.stdout.write(
    `${cycles.length} import cycle(s) under ${path.relative(process.cwd(), root) || "."}\n`,
  );
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
