// `npm test`: the whole suite. Installs what is missing (npm dependencies, Debian's chromium for
// the browser journeys), builds (the end-to-end tests start the real built server), runs the
// unit, web and server projects, then the e2e project, and closes with one summary line
// `N passed, N failed[, N skipped]` over all runs. Exits non-zero when anything failed.
import fs from "node:fs";
import path from "node:path";
import { build, ensureInstalled, log, root, run, StepError } from "./prepare.mjs";

const resultsDir = path.join(root, "test-results");
const vitest = path.join(root, "node_modules/.bin/vitest");

// Debian packages the tests use, each found by a file it installs. Add a line when a test
// needs another tool from Debian; missing ones are installed together with one apt-get run.
const DEBIAN_PACKAGES = [
  { file: "/usr/bin/chromium", pkg: "chromium", why: "the browser tests" },
  { file: "/usr/bin/restic", pkg: "restic", why: "the backup engine tests (restic reads what it writes)" },
  { file: "/usr/bin/rpmbuild", pkg: "rpm", why: "the agent's .rpm package tests" },
  { file: "/usr/bin/msiinfo", pkg: "msitools", why: "the agent's MSI tests (msiinfo)" },
  { file: "/usr/bin/wixl", pkg: "wixl", why: "the agent's MSI package (wixl)" },
  { file: "/usr/bin/osslsigncode", pkg: "osslsigncode", why: "the agent's Windows signing test" },
];

async function ensureDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((p) => !fs.existsSync(p.file));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg);
  if (process.getuid?.() !== 0) {
    for (const p of missing) log(`${p.why} need Debian's ${p.pkg} (${p.file}), which is not installed.`);
    log("install as root, then run npm test again:");
    log(`  sudo apt-get update && sudo apt-get install -y ${names.join(" ")}`);
    process.exit(1);
  }
  log(`installing Debian's ${names.join(", ")} for the tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", ...names]]) {
    const code = await run("apt-get", args, { env });
    if (code !== 0) throw new StepError(`apt-get ${args.join(" ")} exited with code ${code}`);
  }
}

/** One vitest run with the JSON reporter beside the default one; returns its counts. */
async function vitestRun(name, args) {
  const outputFile = path.join(resultsDir, `vitest-${name}.json`);
  fs.rmSync(outputFile, { force: true });
  log(`vitest: ${name}`);
  const code = await run(vitest, [
    "run",
    ...args,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${outputFile}`,
  ]);
  return countResults(name, outputFile, code);
}

function countResults(name, outputFile, exitCode) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  let report;
  try {
    report = JSON.parse(fs.readFileSync(outputFile, "utf8"));
  } catch {
    log(`${name}: vitest wrote no results (exit code ${exitCode})`);
    counts.failed = 1;
    return counts;
  }
  counts.passed = report.numPassedTests ?? 0;
  counts.failed = report.numFailedTests ?? 0;
  counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load (syntax error, failing hook) has no failed test of its own.
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((t) => t.status === "failed");
    if (file.status === "failed" && !failedInside) {
      log(`${name}: ${path.relative(root, file.name)} failed outside its tests`);
      counts.failed += 1;
    }
  }
  if (exitCode !== 0 && counts.failed === 0) {
    log(`${name}: vitest exited with code ${exitCode} (errors outside tests)`);
    counts.failed = 1;
  }
  return counts;
}

const total = { passed: 0, failed: 0, skipped: 0 };
const add = (c) => {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
};

try {
  await ensureInstalled();
  await ensureDebianPackages();
} catch (error) {
  if (!(error instanceof StepError)) throw error;
  log(`failed: ${error.message}`);
  process.exit(1);
}
fs.mkdirSync(resultsDir, { recursive: true });

let built = true;
try {
  await build({ web: true });
} catch (error) {
  if (!(error instanceof StepError)) throw error;
  // The source-level projects still run (vitest compiles on its own); the e2e run needs the build.
  log(`build failed: ${error.message}`);
  built = false;
  total.failed += 1;
}

add(await vitestRun("unit-web-server", ["--project", "unit", "--project", "web", "--project", "server"]));
if (built) {
  add(await vitestRun("e2e", ["--project", "e2e", "--passWithNoTests"]));
} else {
  log("e2e: skipped, the build failed");
}

const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : "";
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 ? 1 : 0);
