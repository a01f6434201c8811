// Runs one backup in its own process for the crash tests: given a crash point, the process kills
// itself (SIGKILL, no cleanup) at that step of the repository writes; it prints the steps it saw.
import { Repository } from "../repository.js";
import { backup } from "../backup.js";
import { writeHooks } from "../fsutil.js";

const [repoPath, source, crashAt] = process.argv.slice(2);
// crash point "<written|renamed>:<data|index|snapshots|locks>:<n>": the n-th such write step
const [stopKind, stopWhat, stopNth] = (crashAt ?? "").split(":");
const seen = new Map<string, number>();
let step = 0;
writeHooks.onStep = (kind, target) => {
  step++;
  const dir = target.split("/").slice(-2, -1)[0]!;
  const what = /^[0-9a-f]{2}$/.test(dir) ? "data" : dir;
  const key = `${kind}:${what}`;
  const count = (seen.get(key) ?? 0) + 1;
  seen.set(key, count);
  process.stdout.write(`step ${step} ${kind} ${what} ${count}\n`);
  if (kind === stopKind && what === stopWhat && count === Number(stopNth))
    process.kill(process.pid, "SIGKILL");
};
const repo = await Repository.open(repoPath!, "crash-test");
// small packs and an index every two packs give many distinct write steps on little data
const res = await backup(repo, { paths: [source!], packsPerIndex: 2, packSize: 1024 * 1024 });
process.stdout.write(`snapshot ${res.snapshotId}\n`);
