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
 * A fresh data folder means creating and migrating the embedded database: about 15 s on an idle
 * two-core machine, close to a minute when it is busy (other test runs, builds).
 */
export const START_TIMEOUT_MS = 180_000;

/**
 * Starts the real built server (apps/server/dist/main.js serving apps/web/dist) on a free
 * loopback port with a throwaway data folder: the same process `npm start` runs, without the
 * local agent companion (pass `{ STEWARD_LOCAL_AGENT: "true" }` to get it).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    startTimeoutMs = START_TIMEOUT_MS,
    publicHost = "127.0.0.1",
  }: {
    startTimeoutMs?: number;
    /** The host name of the public URL (WebAuthn needs a domain such as localhost, not an address). */
    publicHost?: string;
  } = {},
): Promise<RunningServer> {
  const main = path.join(repoRoot, "apps/server/dist/main.js");
  if (!fs.existsSync(main) || !fs.existsSync(path.join(repoRoot, "apps/web/dist/index.html"))) {
    throw new Error("Build first: the e2e suite runs the built server and console (npm test builds them).");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-e2e-"));
  let log = "";
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      STEWARD_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      STEWARD_PUBLIC_URL: `http://${publicHost}:${port}`,
      // The agent listener defaults to PORT + 1, which another process may hold: any free port.
      STEWARD_AGENT_PORT: "0",
      // No real agent for this machine: it would add a "Steward server" organization and a device
      // some time after /api/health answers, and the journeys count organizations and devices.
      STEWARD_LOCAL_AGENT: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${publicHost}:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  const giveUp = (message: string) => {
    // Leave nothing behind: the process, then its throwaway data.
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) throw giveUp(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw giveUp(`server did not start in ${startTimeoutMs / 1000} s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: publicHost === "127.0.0.1" ? url : publicUrl,
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
