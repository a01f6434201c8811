// Bundles the agent into one file: dist/steward-agent.mjs (Node >= 20, no node_modules needed).
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/steward-agent.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  sourcemap: false,
  legalComments: "none",
  // CommonJS dependencies (ws, systeminformation) need require() inside an ES module.
  banner: {
    js: "import { createRequire as __stewardCreateRequire } from 'node:module';\nconst require = __stewardCreateRequire(import.meta.url);",
  },
  // Optional native speed-ups of ws; the pure-JS fallbacks are used instead.
  // The backup engine runs worker threads and loads a wasm module from its own files: it is loaded
  // from the installed package when a backup command runs, not bundled.
  external: ["bufferutil", "utf-8-validate", "@steward/backup"],
  logLevel: "warning",
});
