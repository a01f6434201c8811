// Backup engine benchmark: a generated tree (default 1 GiB: many small text-like files, some
// medium files, a few large ones, part of it incompressible), then in one run
//   1. the initial backup, 2. a second backup after changing about 5 %, 3. a full restore,
// each in its own process (so peak RSS is the phase's own), and the same three with Debian's
// restic on its own repository when it is installed. Prints time, MB/s, peak RSS, the dedup
// ratio of the second revision, index bytes per blob, and restic/ours time ratios.
//
//   npx tsc -b packages/backup && node bench/backup-engine.mjs [--size-mib 1024] [--dir /tmp/x] [--keep]
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const engineUrl = new URL("../packages/backup/dist/index.js", import.meta.url);
const PASSWORD = "bench-password";
const MiB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    "size-mib": { type: "string", default: "1024" },
    dir: { type: "string" },
    keep: { type: "boolean", default: false },
    phase: { type: "string" },
    repo: { type: "string" },
    src: { type: "string" },
    target: { type: "string" },
  },
});

// ---- child phases: run one engine operation and print a JSON line with its figures ----
if (values.phase) {
  const { Repository, backup, restore } = await import(engineUrl.href);
  const started = performance.now();
  let out;
  if (values.phase === "init") {
    await Repository.init(values.repo, PASSWORD);
    out = {};
  } else if (values.phase === "backup") {
    const repo = await Repository.open(values.repo, PASSWORD);
    const res = await backup(repo, { paths: [values.src] });
    out = {
      bytesRead: res.stats.bytesRead,
      bytesAdded: res.stats.bytesAdded,
      bytesStored: res.stats.bytesStored,
      blobs: repo.index.size,
      indexBytes: repo.index.bytes,
    };
  } else if (values.phase === "restore") {
    const repo = await Repository.open(values.repo, PASSWORD);
    const res = await restore(repo, { snapshot: "latest", target: values.target });
    out = { bytes: res.bytes, files: res.files };
  }
  out.seconds = (performance.now() - started) / 1000;
  out.peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify(out) + "\n");
  process.exit(0);
}

// ---- driver ----
if (!fs.existsSync(fileURLToPath(engineUrl))) {
  console.error("build the engine first: npx tsc -b packages/backup");
  process.exit(1);
}

const sizeMiB = Number(values["size-mib"]);
const root = values.dir ?? (await fsp.mkdtemp(path.join(os.tmpdir(), "backup-bench-")));
const src = path.join(root, "src");

function textLike(n) {
  // 16 letters from random bytes: about half the entropy of random data, compresses about 2:1
  const b = crypto.randomBytes(n);
  for (let i = 0; i < n; i++) b[i] = 97 + (b[i] & 15);
  return b;
}

async function generate() {
  const total = sizeMiB * MiB;
  const small = Math.floor(total * 0.16);
  const medium = Math.floor(total * 0.2);
  const large = total - small - medium;
  let made = 0;
  let i = 0;
  while (made < small) {
    const dir = path.join(src, "small", String(Math.floor(i / 500)));
    if (i % 500 === 0) await fsp.mkdir(dir, { recursive: true });
    const n = 1024 + crypto.randomInt(31 * 1024);
    await fsp.writeFile(path.join(dir, `f${i}.txt`), textLike(n));
    made += n;
    i++;
  }
  await fsp.mkdir(path.join(src, "medium"), { recursive: true });
  for (let j = 0, m = 0; m < medium; j++, m += MiB) {
    await fsp.writeFile(
      path.join(src, "medium", `m${j}.bin`),
      j % 2 ? crypto.randomBytes(MiB) : textLike(MiB),
    );
  }
  await fsp.mkdir(path.join(src, "large"), { recursive: true });
  const largeCount = Math.max(1, Math.round(large / (128 * MiB)));
  for (let j = 0; j < largeCount; j++) {
    const fh = await fsp.open(path.join(src, "large", `l${j}.bin`), "w");
    const size = Math.floor(large / largeCount);
    for (let w = 0; w < size; w += 8 * MiB) {
      const n = Math.min(8 * MiB, size - w);
      await fh.write(j % 3 === 2 ? textLike(n) : crypto.randomBytes(n));
    }
    await fh.close();
  }
  return i;
}

/** Changes about 5 % of the data: rewrites 5 % of the small files, edits one large file in three places, adds a new file. */
async function changeFivePercent(smallCount) {
  let changed = 0;
  for (let i = 0; i < smallCount; i += 20) {
    const p = path.join(src, "small", String(Math.floor(i / 500)), `f${i}.txt`);
    const data = textLike(4096 + crypto.randomInt(28 * 1024));
    await fsp.writeFile(p, data);
    changed += data.length;
  }
  const large = path.join(src, "large", "l0.bin");
  const fh = await fsp.open(large, "r+");
  const { size } = await fh.stat();
  for (const at of [0.1, 0.5, 0.9]) {
    await fh.write(crypto.randomBytes(MiB), 0, MiB, Math.floor(size * at));
    changed += MiB;
  }
  await fh.close();
  const extra = Math.floor(sizeMiB * MiB * 0.05) - changed;
  if (extra > 0) {
    await fsp.writeFile(path.join(src, "added.bin"), crypto.randomBytes(extra));
    changed += extra;
  }
  return changed;
}

function runMeasured(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let peakKiB = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (m) peakKiB = Math.max(peakKiB, Number(m[1]));
      } catch {
        // exited
      }
    }, 50);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(poll);
      if (code !== 0) reject(new Error(`${cmd} ${args.join(" ")} exited ${code}: ${err}`));
      else resolve({ out, seconds: (performance.now() - started) / 1000, peakRssMiB: peakKiB / 1024 });
    });
  });
}

async function ours(phase, extra) {
  const { out } = await runMeasured(process.execPath, [
    fileURLToPath(import.meta.url),
    "--phase",
    phase,
    ...extra,
  ]);
  return JSON.parse(out.trim().split("\n").at(-1));
}

async function dirBytes(dir) {
  let total = 0;
  for (const e of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += (await fsp.stat(path.join(e.parentPath ?? e.path, e.name))).size;
  }
  return total;
}

const mb = (bytes, s) => (bytes / MiB / s).toFixed(1);
const fmt = (label, r, bytes) =>
  `${label.padEnd(28)} ${r.seconds.toFixed(2).padStart(8)} s ${mb(bytes, r.seconds).padStart(8)} MB/s   peak RSS ${r.peakRssMiB.toFixed(0).padStart(5)} MiB`;

console.log(`generating ${sizeMiB} MiB under ${src} ...`);
const smallCount = await generate();
const srcBytes = await dirBytes(src);
console.log(`source: ${(srcBytes / MiB).toFixed(0)} MiB, ${smallCount} small files`);

const repo = path.join(root, "repo-ours");
await ours("init", ["--repo", repo]);
const b1 = await ours("backup", ["--repo", repo, "--src", src]);
console.log(fmt("ours: initial backup", b1, srcBytes));
const changed = await changeFivePercent(smallCount);
const src2Bytes = await dirBytes(src);
const b2 = await ours("backup", ["--repo", repo, "--src", src]);
console.log(fmt("ours: second backup (5 %)", b2, src2Bytes));
console.log(
  `  changed ${(changed / MiB).toFixed(1)} MiB; read ${(b2.bytesRead / MiB).toFixed(1)} MiB, added ${(b2.bytesAdded / MiB).toFixed(1)} MiB: ` +
    `dedup ratio ${(src2Bytes / Math.max(b2.bytesAdded, 1)).toFixed(1)}:1 (tree size / new bytes stored)`,
);
console.log(
  `  index: ${b2.blobs} blobs, 48 bytes an entry, ${(b2.indexBytes / b2.blobs).toFixed(1)} bytes a blob allocated`,
);
const restoreDir = path.join(root, "restore-ours");
const r1 = await ours("restore", ["--repo", repo, "--target", restoreDir]);
console.log(fmt("ours: full restore", r1, src2Bytes));
await fsp.rm(restoreDir, { recursive: true, force: true });

if (fs.existsSync("/usr/bin/restic")) {
  const rrepo = path.join(root, "repo-restic");
  const env = { RESTIC_PASSWORD: PASSWORD };
  await runMeasured("restic", ["-r", rrepo, "init"], env);
  // restic's own first backup needs the original tree: regenerate is too slow, so compare on the changed tree
  const rb1 = await runMeasured("restic", ["-r", rrepo, "--no-cache", "backup", "-q", src], env);
  console.log(fmt("restic: initial backup", rb1, src2Bytes));
  await changeFivePercent(smallCount);
  const src3Bytes = await dirBytes(src);
  const rb2 = await runMeasured("restic", ["-r", rrepo, "--no-cache", "backup", "-q", src], env);
  console.log(fmt("restic: second backup (5 %)", rb2, src3Bytes));
  const rr = await runMeasured(
    "restic",
    ["-r", rrepo, "--no-cache", "restore", "latest", "--target", path.join(root, "restore-restic")],
    env,
  );
  console.log(fmt("restic: full restore", rr, src3Bytes));
  console.log(
    `ratio restic/ours (time): initial ${(rb1.seconds / b1.seconds).toFixed(2)}, second ${(rb2.seconds / b2.seconds).toFixed(2)}, restore ${(rr.seconds / r1.seconds).toFixed(2)}`,
  );
}
if (!values.keep && !values.dir) await fsp.rm(root, { recursive: true, force: true });
void here;
