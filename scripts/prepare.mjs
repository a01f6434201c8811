// Shared steps of `npm start`, `npm test`, `npm run steward` and the bench: install what is
// missing, then build what is stale. Progress goes to stderr so command output stays clean.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const nodeModules = path.join(root, "node_modules");
const stampFile = path.join(nodeModules, ".steward-install-stamp");
const lockFile = path.join(root, "package-lock.json");
const bin = (name) => path.join(nodeModules, ".bin", name);

export function log(message) {
  process.stderr.write(`[steward] ${message}\n`);
}

/** Runs a command with inherited stdio; resolves with its exit code (signals count as failure). */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws when it fails. */
export async function runOrFail(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) throw new StepError(`${command} ${args.join(" ")} exited with code ${code}`);
}

export class StepError extends Error {}

function lockHash() {
  if (!fs.existsSync(lockFile)) return "no-lock";
  return createHash("sha256").update(fs.readFileSync(lockFile)).digest("hex");
}

/**
 * Installs the npm dependencies when node_modules is missing or package-lock.json changed since
 * the last install made here (a stamp in node_modules records the lock file's hash).
 */
export async function ensureInstalled() {
  const hash = lockHash();
  const fresh = !fs.existsSync(nodeModules);
  const stamp = fresh ? undefined : readIfExists(stampFile);
  if (!fresh && stamp === hash) return;
  const ci = process.env.CI === "true" || process.env.CI === "1";
  // A clean checkout (or CI) installs exactly the lock; an existing tree is updated in place.
  const useCi = hash !== "no-lock" && (fresh || ci);
  log(
    fresh ? "installing dependencies (first run)..." : "package-lock.json changed: updating dependencies...",
  );
  const flags = ["--no-audit", "--no-fund"];
  if (useCi && (await run("npm", ["ci", ...flags])) === 0) {
    fs.writeFileSync(stampFile, `${lockHash()}`);
    return;
  }
  if (useCi)
    log("npm ci failed (package-lock.json out of sync with package.json?): falling back to npm install");
  await runOrFail("npm", ["install", ...flags]);
  fs.writeFileSync(stampFile, `${lockHash()}`);
}

function readIfExists(file) {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Newest modification time (ms) of any file under the given paths, skipping build output. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      const base = path.basename(p);
      if (base === "node_modules" || base === "dist") return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** True when `output` exists and no input file is newer. */
function isFresh(output, inputs) {
  const builtAt = readMtime(output);
  return builtAt !== undefined && newestMtime(inputs) <= builtAt;
}

/** Config files at the top of a package folder (vite.config.ts, tsconfig.json, build.mjs …). */
function configFiles(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => /^(vite|postcss|tsconfig|build)\b.*\.(c|m)?(js|ts|json)$/.test(f))
    .map((f) => path.join(dir, f));
}

// Both bundles include the shared packages' sources.
const sharedSources = [path.join(root, "packages/contracts/src"), path.join(root, "packages/domain/src")];

function webIsFresh() {
  const web = path.join(root, "apps/web");
  return isFresh(path.join(web, "dist/index.html"), [
    path.join(web, "src"),
    path.join(web, "public"),
    path.join(web, "index.html"),
    path.join(web, "package.json"),
    ...configFiles(web),
    ...sharedSources,
  ]);
}

function agentIsFresh() {
  const agent = path.join(root, "apps/agent");
  return isFresh(path.join(agent, "dist/steward-agent.mjs"), [
    path.join(agent, "src"),
    path.join(agent, "package.json"),
    ...configFiles(agent),
    ...sharedSources,
  ]);
}

function readMtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Compiles TypeScript (`tsc -b`, incremental: every project, or only `projects` and what they
 * reference), then, when asked and stale, bundles the agent (served to devices and run beside
 * the server by `npm start`) and builds the web console.
 */
export async function build({ web, agent = web, projects = [] }) {
  log(`building (tsc -b${projects.map((p) => ` ${p}`).join("")})...`);
  await runOrFail(bin("tsc"), ["-b", ...projects]);
  if (agent && fs.existsSync(path.join(root, "apps/agent/build.mjs"))) {
    if (agentIsFresh()) {
      log("agent bundle is up to date (apps/agent/dist/steward-agent.mjs)");
    } else {
      log("bundling the agent (esbuild)...");
      await runOrFail("npm", ["run", "build", "-w", "@steward/agent"]);
    }
  }
  if (!web) return;
  if (webIsFresh()) {
    log("web console is up to date (apps/web/dist)");
    return;
  }
  log("building the web console (vite)...");
  await runOrFail("npm", ["run", "build", "-w", "@steward/web"]);
}

/** Runs `fn`, turning a failed step into a message and exit code 1. */
export async function main(fn) {
  try {
    await fn();
  } catch (error) {
    if (error instanceof StepError) {
      log(`failed: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
