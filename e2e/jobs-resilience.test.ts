import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, repoRoot } from "./support/server.js";
import { authenticatorCode } from "./support/totp.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");
const JOBS = 200;

/** A browser-like API client: cookie + CSRF header. */
class Api {
  cookie = "";
  csrf = "";
  constructor(public base: string) {}
  async call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        cookie: this.cookie,
        "x-csrf-token": this.csrf,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0]!;
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const session = (json.session ?? json) as { csrfToken?: string };
    if (typeof session.csrfToken === "string") this.csrf = session.csrfToken;
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
    // Test-only loose access to answers whose shapes the contracts already test.
    return json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}

function startServerProcess(env: Record<string, string>): {
  child: ChildProcess;
  ready: Promise<void>;
  log: () => string;
} {
  let log = "";
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/server/dist/main.js")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
      try {
        if ((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${log}`);
  })();
  return { child, ready, log: () => log };
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe("jobs survive a server crash", () => {
  it(`kill -9 the server with ${JOBS} jobs in flight, restart: no job lost, none run twice`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-crash-"));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "steward-crash-work-"));
    const runsFile = path.join(work, "runs.txt");
    const env = {
      PORT: String(await freePort()),
      STEWARD_AGENT_PORT: String(await freePort()),
      HOST: "127.0.0.1",
      STEWARD_DATA_DIR: dataDir,
      STEWARD_LOCAL_AGENT: "false",
      LOG_LEVEL: "warn",
    };
    let server = startServerProcess(env);
    cleanups.push(() => server.child.kill("SIGKILL"));
    await server.ready;
    const api = new Api(`http://127.0.0.1:${env.PORT}`);

    // Set up through the real API, MFA included.
    await api.call("POST", "/api/setup", {
      email: "crash@example.test",
      password: "a long enough passphrase",
      firstName: "C",
      lastName: "Rash",
    });
    const { secret } = await api.call("POST", "/api/auth/mfa/totp/enroll");
    await api.call("POST", "/api/auth/mfa/totp/confirm", { code: authenticatorCode(secret) });
    const org = await api.call("POST", "/api/organizations", { name: "Crash test" });
    const token = await api.call("POST", `/api/organizations/${org.id}/enrollment-tokens`, {
      locationId: org.locations[0].id,
    });

    const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-crash-agent-"));
    const enrolled = await run(process.execPath, [
      agentBundle,
      "enroll",
      "--server",
      `http://127.0.0.1:${env.STEWARD_AGENT_PORT}`,
      "--token",
      token.secret,
      "--data-dir",
      agentDir,
    ]);
    const nodeId = Number(/device (\d+)/.exec(enrolled.stdout)?.[1]);
    const agent = spawn(process.execPath, [agentBundle, "run", "--data-dir", agentDir], { stdio: "ignore" });
    cleanups.push(() => agent.kill("SIGKILL"));

    // Each job appends its number once; a job run twice would show up twice.
    const body = 'echo "$1" >> "$2"; sleep 0.2';
    const uids: string[] = [];
    for (let batch = 0; batch < JOBS / 50; batch++) {
      const jobs = Array.from({ length: 50 }, (_, i) => ({
        jobType: "ACTION",
        jobName: `crash ${batch * 50 + i}`,
        content: {
          script: { name: "append", language: "bash", body },
          parameters: [
            { name: "n", value: String(batch * 50 + i) },
            { name: "file", value: runsFile },
          ],
        },
      }));
      const res = await api.call("POST", "/api/webapp/submit/job", { nodes: [{ nodeId, jobs }] });
      uids.push(...res.jobs.map((j: { jobUid: string }) => j.jobUid));
    }

    // Kill the server while jobs are running.
    for (
      let i = 0;
      i < 200 && (!fs.existsSync(runsFile) || fs.readFileSync(runsFile, "utf8").split("\n").length < 20);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    server.child.kill("SIGKILL");
    await new Promise((r) => server.child.once("exit", r));
    const doneBeforeCrash = fs.readFileSync(runsFile, "utf8").trim().split("\n").length;
    expect(doneBeforeCrash).toBeLessThan(JOBS);

    server = startServerProcess(env);
    await server.ready;
    const deadline = Date.now() + 120_000;
    let completed = 0;
    while (Date.now() < deadline) {
      const list = await api.call("GET", `/api/webapp/job/list?nodeId=${nodeId}&pageSize=500`);
      completed = list.jobs.filter((j: { jobStatus: string }) => j.jobStatus === "COMPLETED").length;
      if (completed === JOBS) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const list = await api.call("GET", `/api/webapp/job/list?nodeId=${nodeId}&pageSize=500`);
    expect(list.total).toBe(JOBS);
    expect(completed, server.log()).toBe(JOBS);
    expect(list.jobs.every((j: { jobResult: string }) => j.jobResult === "SUCCESS")).toBe(true);
    const lines = fs.readFileSync(runsFile, "utf8").trim().split("\n");
    expect(lines.length).toBe(JOBS);
    expect(new Set(lines).size).toBe(JOBS);

    agent.kill("SIGTERM");
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);
});
