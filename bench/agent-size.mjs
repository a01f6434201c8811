// The self-contained agent's size per platform: uncompressed, gzip -9 and xz -9 (targets:
// under 60 MB uncompressed, under 25 MB compressed). Builds the binaries first unless
// --no-build is given (then it measures what apps/agent/dist/release holds).
//
//   npm run bench:agent-size [-- --no-build] [-- --targets linux-x64,win-x64]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { binaryName, buildBinaries, releaseDir, TARGETS } from "../apps/agent/packaging/build.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--targets");
const targets = at >= 0 ? args[at + 1].split(",") : Object.keys(TARGETS);
if (!args.includes("--no-build")) await buildBinaries(targets);

const MB = 1e6;
const mb = (n) => `${(n / MB).toFixed(1)} MB`;
const rows = [];
for (const target of targets) {
  const file = path.join(releaseDir, binaryName(target));
  if (!fs.existsSync(file)) {
    console.log(`${target}: not built`);
    continue;
  }
  const data = fs.readFileSync(file);
  const gzip = zlib.gzipSync(data, { level: 9 }).length;
  const xz = execFileSync("xz", ["-9", "-T0", "-c", file], { maxBuffer: 512 * MB }).length;
  rows.push({ target, size: data.length, gzip, xz });
}
console.log("\nagent binary size per platform (targets: < 60 MB uncompressed, < 25 MB compressed)");
console.log(
  [
    "platform".padEnd(14),
    "uncompressed".padStart(13),
    "gzip -9".padStart(10),
    "xz -9".padStart(10),
    "  within targets",
  ].join(""),
);
for (const r of rows) {
  const ok = r.size < 60 * MB && Math.min(r.gzip, r.xz) < 25 * MB;
  console.log(
    [
      r.target.padEnd(14),
      mb(r.size).padStart(13),
      mb(r.gzip).padStart(10),
      mb(r.xz).padStart(10),
      `  ${ok ? "yes" : "no"}`,
    ].join(""),
  );
}
