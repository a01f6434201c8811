import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real built server (apps/server/dist/main.js serving apps/web/dist) on a free
 * loopback port with a throwaway data folder: the same process `npm start` runs.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(repoRoot, "apps/server/dist/main.js");
  if (!fs.existsSync(main) || !fs.existsSync(path.join(repoRoot, "apps/web/dist/index.html"))) {
    throw new Error("Build first: the e2e suite runs the built server and console (npm test builds them).");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-e2e-"));
  let log = "";
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", STEWARD_DATA_DIR: dataDir, LOG_LEVEL: "warn", STEWARD_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
