import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database (PGlite) can be opened by one process at a time. The process that
 * opens it records its pid; another one refuses to start instead of corrupting it.
 */
export function claimEmbeddedDatabase(dataDir: string, role: string): () => void {
  const file = path.join(dataDir, "embedded-db.pid");
  if (fs.existsSync(file)) {
    const [pidText, owner] = fs.readFileSync(file, "utf8").trim().split(" ");
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid} (${owner ?? "steward"}). ` +
          "Stop it first, or use a PostgreSQL server (DATABASE_URL) to run several processes.",
      );
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid} ${role}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").startsWith(`${process.pid} `)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
