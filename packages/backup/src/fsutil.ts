import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";

/** Flushes a directory entry table, so a rename into it survives a power cut. */
export async function fsyncDir(dir: string): Promise<void> {
  const h = await fs.open(dir, "r");
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/**
 * Writes a file so that it either appears complete or not at all: the bytes go to a temporary file
 * in tmpDir (same file system), are flushed, the file is renamed into place and the target
 * directory is flushed.
 */
/** Test hook: called at each step of an atomic write (to simulate a crash there). */
export const writeHooks: { onStep?: (step: "written" | "renamed", target: string) => void } = {};

export async function writeAtomic(
  tmpDir: string,
  target: string,
  data: Uint8Array | Uint8Array[],
): Promise<void> {
  const tmp = path.join(tmpDir, `${path.basename(target)}-${crypto.randomBytes(6).toString("hex")}.tmp`);
  const h = await fs.open(tmp, "wx", 0o600);
  try {
    for (const part of Array.isArray(data) ? data : [data]) {
      let off = 0;
      while (off < part.length) {
        const { bytesWritten } = await h.write(part, off, part.length - off);
        off += bytesWritten;
      }
    }
    await h.sync();
  } finally {
    await h.close();
  }
  writeHooks.onStep?.("written", target);
  await fs.rename(tmp, target);
  await fsyncDir(path.dirname(target));
  writeHooks.onStep?.("renamed", target);
}

export async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}
