#!/usr/bin/env node
// Released migrations never change: apps/server/drizzle/checksums.json records the sha256 of
// every migration file, and a server test (platform/db/migrations.test.ts) fails when a
// recorded file changed or vanished, or when a migration file is not recorded yet.
//
//   node scripts/migration-checksums.mjs          check, print what differs (exit 1 when anything does)
//   node scripts/migration-checksums.mjs --add    record the migration files not listed yet
//   … --dir <folder>                               another migrations folder (the script's own tests)
//
// --add only appends: it never rewrites or removes an existing entry, so it cannot hide a change
// to a migration that was already recorded.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const defaultDir = fileURLToPath(new URL("../apps/server/drizzle/", import.meta.url));

/** sha256 of a migration's text; line endings are normalized so a Windows checkout hashes alike. */
export function migrationChecksum(text) {
  return crypto.createHash("sha256").update(text.replace(/\r\n/g, "\n")).digest("hex");
}

export function migrationFileNames(drizzleDir = defaultDir) {
  return fs
    .readdirSync(drizzleDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

function main(args) {
  const dirAt = args.indexOf("--dir");
  const drizzleDir = dirAt >= 0 && args[dirAt + 1] ? path.resolve(args[dirAt + 1]) : defaultDir;
  const checksumFile = path.join(drizzleDir, "checksums.json");
  const recorded = fs.existsSync(checksumFile) ? JSON.parse(fs.readFileSync(checksumFile, "utf8")) : {};
  const files = migrationFileNames(drizzleDir);
  const actual = Object.fromEntries(
    files.map((name) => [name, migrationChecksum(fs.readFileSync(path.join(drizzleDir, name), "utf8"))]),
  );
  const changed = Object.keys(recorded).filter((name) => name in actual && actual[name] !== recorded[name]);
  const missing = Object.keys(recorded).filter((name) => !(name in actual));
  const unlisted = files.filter((name) => !(name in recorded));

  if (args.includes("--add")) {
    if (unlisted.length === 0) {
      process.stdout.write("Every migration file is already recorded.\n");
    } else {
      const next = { ...recorded };
      for (const name of unlisted) next[name] = actual[name];
      fs.writeFileSync(checksumFile, `${JSON.stringify(next, null, 2)}\n`);
      process.stdout.write(`Recorded: ${unlisted.join(", ")}\n`);
    }
    if (changed.length + missing.length > 0) {
      process.stderr.write(
        `Not touched (released migrations must not change): ${[...changed, ...missing].join(", ")}\n`,
      );
      return 1;
    }
    return 0;
  }

  for (const name of changed) process.stderr.write(`changed since it was recorded: ${name}\n`);
  for (const name of missing) process.stderr.write(`recorded but missing: ${name}\n`);
  for (const name of unlisted) process.stderr.write(`not recorded yet (run with --add): ${name}\n`);
  if (changed.length + missing.length + unlisted.length === 0) {
    process.stdout.write(`${files.length} migrations, all recorded and unchanged.\n`);
    return 0;
  }
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
