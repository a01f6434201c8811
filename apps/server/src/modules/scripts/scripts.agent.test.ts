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
let closeSide: () => Promise<void>;
let admin: TestClient;
let deviceId: number;
let agent: ReturnType<typeof startAgentProcess> | undefined;

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  let url: string;
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
  const org = await createOrganization(ctx);
  const { token } = await side.enrollment.createToken({
    ...org,
    name: "scripts",
    expiresInHours: 1,
    maxUses: 1,
    createdByUserId: 1,
  });
  const dataDir = tempDir();
  const enrolled = await agentCli(["enroll", "--server", url, "--token", token, "--data-dir", dataDir]);
  deviceId = Number(/device (\d+)/.exec(enrolled.stdout)?.[1]);
  agent = startAgentProcess(dataDir);
  await waitFor("agent online", async () => side.gateway.isOnline(deviceId));
  admin = (await signedInClient(ctx, { admin: true })).client;
}, 120_000);
afterAll(async () => {
  agent?.kill("SIGKILL");
  await closeSide();
  await ctx.close();
});

async function runToEnd(content: Record<string, unknown>) {
  const res = await admin.post("/api/webapp/submit/job", {
    nodes: [{ nodeId: deviceId, jobs: [{ jobType: "ACTION", content }] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const uid = res.json().jobs[0].jobUid as string;
  const job = await waitFor(`job ${uid}`, async () => {
    const j = (await admin.get(`/api/webapp/job/${uid}`)).json().job;
    return j.jobStatus === "COMPLETED" ? j : undefined;
  });
  return { job, output: (await admin.get(`/api/webapp/job/${uid}/output`)).json() };
}

describe("a template copied into the library, run on a real agent", () => {
  it("runs with a preset: the value reaches the script as its STEWARD_PARAM_ variable and argument", async () => {
    const copy = await admin.post("/api/script-templates/linux-installed-software/copy", {
      name: "Package finder",
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const { job, output } = await runToEnd({ scriptId: copy.json().id, presetName: "Find OpenSSL" });
    expect(job).toMatchObject({
      jobName: "Package finder",
      jobResult: "SUCCESS",
      resultContent: { exitCode: 0 },
    });
    expect(output.stdout).toMatch(/^\d+ package\(s\) whose name contains 'openssl'$/m);
  });

  it("passes a given value with quotes and stripped characters as data, byte-exact after stripping", async () => {
    const copy = await admin.post("/api/script-templates/linux-installed-software/copy", {
      name: "Quoted finder",
    });
    const { job, output } = await runToEnd({
      scriptId: copy.json().id,
      parameters: [{ name: "name_filter", value: `it's "x" $(id) & more` }],
    });
    expect(job.jobResult).toBe("SUCCESS");
    expect(output.stdout).toContain(`0 package(s) whose name contains 'it's "x" (id)  more'`);
  });

  it("a failing check completes with failure and the script's own message", async () => {
    const copy = await admin.post("/api/script-templates/linux-uptime/copy", { name: "Uptime gate" });
    const { job, output } = await runToEnd({
      scriptId: copy.json().id,
      parameters: [{ name: "max_uptime_days", value: "0" }],
    });
    expect(job).toMatchObject({
      jobStatus: "COMPLETED",
      jobResult: "FAILURE",
      resultContent: { exitCode: 1 },
    });
    expect(job.resultContent.errorMessage).toMatch(/^Up for \d+ day\(s\), at least 0: restart it\.$/);
    expect(output.stdout).toContain("Last boot:");
  });
});
