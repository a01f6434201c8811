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
let organizationId: number;

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  let url: string;
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
  const org = await createOrganization(ctx);
  organizationId = org.organizationId;
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

describe("Run As on a real agent (the agent runs as root here)", () => {
  const whoami = { script: { name: "Who am I", language: "bash", body: 'id -un\necho "home=$HOME"\n' } };
  const credential = async (body: Record<string, unknown>) => {
    const res = await admin.post(`/api/organizations/${organizationId}/credentials`, {
      type: "LINUX",
      secret: "unused-on-linux",
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it("a stored Linux credential runs the script as its local account: id -un prints nobody", async () => {
    const id = await credential({ name: "Nobody", username: "nobody" });
    const { job, output } = await runToEnd({ ...whoami, runAs: `credential:${id}` });
    expect(job).toMatchObject({ jobResult: "SUCCESS", resultContent: { exitCode: 0 } });
    expect(output.stdout.split("\n")[0]).toBe("nobody");
    expect(output.stdout).toContain("home=/nonexistent");
  });

  it("the Preferred Linux Credential runs as the preferred account; System stays root", async () => {
    await credential({ name: "Preferred nobody", username: "nobody", preferred: true });
    const preferred = await runToEnd({ ...whoami, runAs: "Preferred Linux Credential" });
    expect(preferred.output.stdout.split("\n")[0]).toBe("nobody");
    const system = await runToEnd({ ...whoami, runAs: "System" });
    expect(system.output.stdout.split("\n")[0]).toBe("root");
  });

  it("an account the device does not have fails the job with a clear text and runs nothing", async () => {
    const id = await credential({ name: "Ghost", username: "steward-no-such-user" });
    const { job, output } = await runToEnd({ ...whoami, runAs: `credential:${id}` });
    expect(job).toMatchObject({
      jobStatus: "COMPLETED",
      jobResult: "FAILURE",
      resultContent: {
        errorMessage: `Run As "credential:${id}": there is no local account "steward-no-such-user" on this device`,
      },
    });
    expect(output.stdout).toBe("");
  });
});
