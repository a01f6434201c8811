import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { locations, organizations } from "../modules/organizations/organizations.tables.js";
import { createAgentSide, type AgentSide } from "../modules/agents/index.js";
import type { TestContext } from "./test-app.js";

const run = promisify(execFile);
const agentDir = fileURLToPath(new URL("../../../agent", import.meta.url));
export const agentBundle = path.join(agentDir, "dist/steward-agent.mjs");

/** Builds the single-file agent once per run if it is missing or older than its sources. */
export async function ensureAgentBundle(): Promise<string> {
  const newestSource = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const stale =
    !fs.existsSync(agentBundle) ||
    fs.statSync(agentBundle).mtimeMs < newestSource(path.join(agentDir, "src"));
  if (stale) await run(process.execPath, ["build.mjs"], { cwd: agentDir });
  return agentBundle;
}

export async function startAgentSide(
  ctx: TestContext,
): Promise<{ side: AgentSide; url: string; close(): Promise<void> }> {
  const side = createAgentSide(
    ctx.deps,
    ctx.services,
    pino({ level: process.env.TEST_LOG_LEVEL ?? "error" }),
  );
  const port = await side.listener.listen(0, "127.0.0.1");
  return { side, url: `http://127.0.0.1:${port}`, close: () => side.listener.close() };
}

let orgCounter = 0;
export async function createOrganization(
  ctx: TestContext,
  approvalMode: "AUTOMATIC" | "MANUAL" | "REJECT" = "AUTOMATIC",
) {
  const [org] = await ctx.deps.db
    .insert(organizations)
    .values({ name: `Agent Org ${++orgCounter}-${Date.now()}`, nodeApprovalMode: approvalMode })
    .returning();
  const [loc] = await ctx.deps.db
    .insert(locations)
    .values({ organizationId: org!.id, name: "Main Office", isDefault: true })
    .returning();
  return { organizationId: org!.id, locationId: loc!.id };
}

export function tempDir(prefix = "steward-agent-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs the real agent CLI to completion. */
export async function agentCli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [agentBundle, ...args], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/** Starts `steward-agent run` as a real child process. */
export function startAgentProcess(
  dataDir: string,
  env: Record<string, string> = {},
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [agentBundle, "run", "--data-dir", dataDir], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  return Object.assign(child, { output: () => log });
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
