import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import {
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentProcess,
  startAgentSide,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import type { AgentSide } from "../agents/index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let tech: TestClient;
let org: { organizationId: number; locationId: number };
const agents: ReturnType<typeof startAgentProcess>[] = [];

async function enrolledAgent() {
  const { token } = await side.enrollment.createToken({
    ...org,
    name: "device-actions",
    expiresInHours: 1,
    maxUses: 1,
    createdByUserId: 1,
  });
  const dataDir = tempDir();
  const enrolled = await agentCli(["enroll", "--server", url, "--token", token, "--data-dir", dataDir]);
  const deviceId = Number(/device (\d+)/.exec(enrolled.stdout)?.[1]);
  return { deviceId, dataDir };
}

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
  org = await createOrganization(ctx);
  tech = (await signedInClient(ctx, { permissions: ["devices.read", "devices.command", "devices.manage"] }))
    .client;
}, 180_000);
afterAll(async () => {
  for (const a of agents) a.kill("SIGKILL");
  await closeSide();
  await ctx.close();
});

describe("device actions on the real agent", () => {
  it("an ad-hoc command's output reaches the console while it still runs, then the job completes", async () => {
    const { deviceId, dataDir } = await enrolledAgent();
    const agent = startAgentProcess(dataDir);
    agents.push(agent);
    await waitFor("agent online", async () => side.gateway.isOnline(deviceId));
    const res = await tech.post(`/api/device/${deviceId}/command`, {
      language: "bash",
      body: "echo first-line; sleep 3; echo second-line",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobUid } = res.json();
    // The first line is there before the command has finished.
    const midway = await waitFor("first line streamed", async () => {
      const out = (await tech.get(`/api/webapp/job/${jobUid}/output`)).json();
      return out.stdout.includes("first-line") ? out : undefined;
    });
    expect(midway.stdout).not.toContain("second-line");
    expect((await tech.get(`/api/webapp/job/${jobUid}`)).json().job.jobStatus).not.toBe("COMPLETED");
    const done = await waitFor("completed", async () => {
      const j = (await tech.get(`/api/webapp/job/${jobUid}`)).json().job;
      return j.jobStatus === "COMPLETED" ? j : undefined;
    });
    expect(done).toMatchObject({ jobName: "Ad-hoc command", jobResult: "SUCCESS" });
    expect((await tech.get(`/api/webapp/job/${jobUid}/output`)).json().stdout).toBe(
      "first-line\nsecond-line\n",
    );
    agent.kill("SIGKILL");
  }, 60_000);

  it("uninstall: the agent removes its files and exits; started again, it is refused and stops instead of retrying", async () => {
    const { deviceId, dataDir } = await enrolledAgent();
    const installDir = tempDir("steward-install-");
    fs.writeFileSync(`${installDir}/steward-agent`, "program");
    const keep = tempDir("steward-keep-");
    fs.cpSync(dataDir, keep, { recursive: true });
    const agent = startAgentProcess(dataDir, { STEWARD_AGENT_INSTALL_DIR: installDir });
    agents.push(agent);
    await waitFor("agent online", async () => side.gateway.isOnline(deviceId));
    const exited = new Promise<number | null>((resolve) => agent.once("exit", (code) => resolve(code)));
    const res = await tech.post(`/api/device/${deviceId}/uninstall`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivered).toBe(true);
    await exited;
    expect(fs.existsSync(installDir)).toBe(false);
    expect(fs.existsSync(dataDir)).toBe(false);

    // The same identity (a copy made before) connecting again is refused for good: exit code 4.
    const again = startAgentProcess(keep);
    agents.push(again);
    const code = await new Promise<number | null>((resolve) => again.once("exit", (c) => resolve(c)));
    expect(code).toBe(4);
    expect(again.output()).toContain("device archived");
    fs.rmSync(keep, { recursive: true, force: true });
  }, 60_000);
});
