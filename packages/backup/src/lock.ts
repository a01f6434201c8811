// Repository locks as restic keeps them: a file under locks/ per running operation, shared for
// backups and restores, exclusive for prune. A lock is stale when it was not refreshed for 30
// minutes, or when it belongs to a process on this host that no longer runs; stale locks are
// removed. Held locks are refreshed every 5 minutes.
import fs from "node:fs/promises";
import os from "node:os";
import type { Repository } from "./repository.js";

interface LockFile {
  time: string;
  exclusive: boolean;
  hostname: string;
  username: string;
  pid: number;
  uid: number;
  gid: number;
}

const STALE_MS = 30 * 60 * 1000;
const REFRESH_MS = 5 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function stale(l: LockFile): boolean {
  if (Date.now() - new Date(l.time).getTime() > STALE_MS) return true;
  return l.hostname === os.hostname() && !alive(l.pid);
}

export interface HeldLock {
  release(): Promise<void>;
}

/** Takes a lock, refusing when another live lock conflicts with it. */
export async function lockRepository(repo: Repository, exclusive: boolean): Promise<HeldLock> {
  for (const id of await repo.list("locks")) {
    let l: LockFile;
    try {
      l = await repo.loadJson<LockFile>("locks", id);
    } catch {
      continue;
    }
    if (stale(l)) {
      // left by a killed run: removed, as restic's unlock would
      await fs.rm(repo.filePath("locks", id), { force: true });
      continue;
    }
    if (l.exclusive || exclusive)
      throw new Error(`repository is locked by ${l.username}@${l.hostname} (pid ${l.pid}) since ${l.time}`);
  }
  const info = os.userInfo();
  const write = () =>
    repo.saveJson("locks", {
      time: new Date().toISOString(),
      exclusive,
      hostname: os.hostname(),
      username: info.username,
      pid: process.pid,
      uid: info.uid,
      gid: info.gid,
    } satisfies LockFile);
  let current = await write();
  const timer = setInterval(() => {
    void write().then(async (next) => {
      const old = current;
      current = next;
      await fs.rm(repo.filePath("locks", old), { force: true });
    });
  }, REFRESH_MS);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await fs.rm(repo.filePath("locks", current), { force: true });
    },
  };
}
