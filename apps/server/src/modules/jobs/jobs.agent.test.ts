import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
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
let admin: TestClient;
let deviceId: number;
let dataDir: string;
let agent: ReturnType<typeof startAgentProcess> | undefined;

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
  const org = await createOrganization(ctx);
  const { token } = await side.enrollment.createToken({
    ...org,
    name: "jobs",
    expiresInHours: 1,
    maxUses: 1,
    createdByUserId: 1,
  });
  dataDir = tempDir();
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

const script = (body: string, parameters: { name: string; value: string }[] = [], timeoutSeconds = 60) => ({
  nodes: [
    {
      nodeId: deviceId,
      jobs: [
        {
          jobType: "ACTION",
          content: { script: { name: "test", language: "bash", body }, parameters, timeoutSeconds },
        },
      ],
    },
  ],
});

async function submit(body: unknown): Promise<string> {
  const res = await admin.post("/api/webapp/submit/job", body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ resultCode: "SUCCESS", status: "SUCCESS" });
  return res.json().jobs[0].jobUid;
}

async function job(uid: string) {
  return (await admin.get(`/api/webapp/job/${uid}`)).json().job;
}

const finished = (uid: string, timeoutMs = 20_000) =>
  waitFor(
    `job ${uid} finished`,
    async () => {
      const j = await job(uid);
      return j.jobStatus === "COMPLETED" || (j.jobStatus === "CANCELLED" && j.delivery === "FINISHED")
        ? j
        : undefined;
    },
    timeoutMs,
  );

describe("running scripts on a real agent", () => {
  it("passes parameters byte-exact after stripping & | ; $ > < ` ! — never interpreted by a shell", async () => {
    const raw = `a&b|c;d$e>f<g\`h!i 'single' "double" $(touch /tmp/steward-pwned) \\back é`;
    const uid = await submit(
      script(
        'printf "%s\\n" "$1"; printf "%s\\n" "$STEWARD_PARAM_MESSAGE"; printf "argc=%s\\n" "$#"; exit 0',
        [{ name: "message", value: raw }],
      ),
    );
    const done = await finished(uid);
    expect(done).toMatchObject({
      jobStatus: "COMPLETED",
      jobResult: "SUCCESS",
      resultContent: { exitCode: 0, errorMessage: null },
    });
    const expected = `abcdefghi 'single' "double" (touch /tmp/steward-pwned) \\back é`;
    const output = (await admin.get(`/api/webapp/job/${uid}/output`)).json();
    expect(output.stdout).toBe(`${expected}\n${expected}\nargc=1\n`);
    expect(output.exitCode).toBe(0);
    expect(fs.existsSync("/tmp/steward-pwned")).toBe(false);
  });

  it("completes a failing script with failure, its exit code and error text", async () => {
    const uid = await submit(script("echo working; echo 'disk is full' >&2; exit 3"));
    const done = await finished(uid);
    expect(done).toMatchObject({
      jobStatus: "COMPLETED",
      jobResult: "FAILURE",
      resultContent: { exitCode: 3 },
    });
    expect(done.resultContent.errorMessage).toContain("disk is full");
  });

  it("cancels a long-running script: CANCELLED at once, and the agent kills it", async () => {
    const marker = path.join(tempDir("steward-cancel-"), "still-running");
    const uid = await submit(script(`sleep 30; touch ${marker}`));
    await waitFor("started", async () => (await job(uid)).delivery === "STARTED");
    const res = await admin.post(`/api/webapp/job/${uid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({ jobStatus: "CANCELLED", jobName: "Cancellation Request" });
    expect(res.json().job.message).toMatch(/^Cancelled by /);
    await waitFor("agent reported the kill", async () => (await job(uid)).delivery === "FINISHED", 10_000);
    expect((await job(uid)).jobStatus).toBe("CANCELLED");
    expect(fs.existsSync(marker)).toBe(false);
    expect((await admin.post(`/api/webapp/job/${uid}/cancel`)).json().code).toBe("E_JOB_TRANSITION");
  });

  it("keeps jobs for an offline device queued and runs them when it reconnects", async () => {
    agent?.kill("SIGTERM");
    await waitFor("offline", async () => !side.gateway.isOnline(deviceId), 10_000);
    const uid = await submit(script("echo ran-after-reconnect"));
    await new Promise((r) => setTimeout(r, 500));
    expect(await job(uid)).toMatchObject({ jobStatus: "START_REQUESTED", delivery: "QUEUED" });
    agent = startAgentProcess(dataDir);
    const done = await finished(uid);
    expect(done.jobResult).toBe("SUCCESS");
    expect((await admin.get(`/api/webapp/job/${uid}/output`)).json().stdout).toBe("ran-after-reconnect\n");
  });

  it("refuses an unknown job type with the spec's message, and unknown devices", async () => {
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [{ nodeId: deviceId, jobs: [{ jobType: "MAKE_COFFEE" }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "E_INVALID_JOB_TYPE", message: "Invalid Job Type" });
    const body = script("true");
    body.nodes[0]!.nodeId = 999999;
    const missing = await admin.post("/api/webapp/submit/job", body);
    expect(missing.json().code).toBe("E_DEVICE_NOT_FOUND");
  });

  it("lists jobs and guards the routes: 401 without a session, 403 without jobs.run", async () => {
    const list = (await admin.get(`/api/webapp/job/list?nodeId=${deviceId}`)).json();
    expect(list.resultCode).toBe("SUCCESS");
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.jobs[0]).toHaveProperty("jobUid");
    const anon = new TestClient(ctx.app);
    expect((await anon.post("/api/webapp/submit/job", script("true"))).statusCode).toBe(401);
    expect((await anon.get("/api/webapp/job/list")).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/webapp/job/list")).statusCode).toBe(200);
    expect((await reader.post("/api/webapp/submit/job", script("true"))).statusCode).toBe(403);
    expect((await reader.post(`/api/webapp/job/${list.jobs[0].jobUid}/cancel`)).statusCode).toBe(403);
  });
});
