import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICES_CACHE_EXPIRED,
  DEVICES_CACHE_EXPIRED_CODE,
  DEVICES_CACHE_EXPIRED_MESSAGE,
  jobListResponse,
  jobResponse,
  type SaveScriptRequest,
} from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let linuxA: number;
let linuxB: number;
let windows: number;
let pending: number;
let linuxScriptId: number;
let anyScriptId: number;

const linuxOs = { family: "LINUX" as const, name: "Debian GNU/Linux 12", version: "12", arch: "x64" };

const libraryScript = (overrides: Partial<SaveScriptRequest>): SaveScriptRequest => ({
  name: "Rotate logs",
  language: "bash",
  os: "LINUX",
  timeoutSeconds: 60,
  parameters: [{ name: "days", label: "Days", type: "number", required: true, defaultValue: "7" }],
  presets: [
    { name: "Weekly", values: { days: "7" } },
    { name: "Monthly", values: { days: "30" } },
  ],
  body: 'echo "rotating after $STEWARD_PARAM_DAYS days"\n',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  const place = await createOrganization(ctx);
  linuxA = (await enrollDevice(ctx, place, { inventory: { hostname: "db-1", os: linuxOs } })).id;
  linuxB = (await enrollDevice(ctx, place, { inventory: { hostname: "db-2", os: linuxOs } })).id;
  windows = (await enrollDevice(ctx, place, { inventory: { hostname: "front-desk" } })).id;
  pending = (
    await enrollDevice(ctx, place, {
      inventory: { hostname: "new-1", os: linuxOs },
      approvalStatus: "PENDING",
    })
  ).id;
  const linux = await admin.post("/api/scripts", libraryScript({}));
  expect(linux.statusCode, linux.body).toBe(201);
  linuxScriptId = linux.json().id;
  const any = await admin.post(
    "/api/scripts",
    libraryScript({ name: "Print date", language: "python", os: "ANY", body: "print(1)\n" }),
  );
  expect(any.statusCode, any.body).toBe(201);
  anyScriptId = any.json().id;
});
afterAll(async () => {
  await ctx.close();
});

const submit = (client: TestClient, nodeIds: number[], content: Record<string, unknown>, extra = {}) =>
  client.post("/api/webapp/submit/job", {
    nodes: nodeIds.map((nodeId) => ({ nodeId, jobs: [{ jobType: "ACTION", content }] })),
    ...extra,
  });

const jobCount = async (nodeId: number) =>
  (await admin.get(`/api/webapp/job/list?nodeId=${nodeId}`)).json().total as number;

describe("a library script's target OS is checked at submit", () => {
  it("refuses a Linux script for a Windows device with 400 E_SCRIPT_OS_MISMATCH and queues nothing", async () => {
    const before = await jobCount(linuxA);
    const res = await submit(admin, [linuxA, windows], { scriptId: linuxScriptId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "E_SCRIPT_OS_MISMATCH",
      message:
        'The script "Rotate logs" is written for Linux, but this device runs another operating system: front-desk (Windows)',
      details: { devices: [{ name: "front-desk", os: "WINDOWS" }] },
    });
    expect(await jobCount(linuxA)).toBe(before);
  });

  it("counts and names the devices of a larger refused fan-out", async () => {
    const res = await submit(admin, [windows, linuxA], {
      scriptId: (
        await admin.post(
          "/api/scripts",
          libraryScript({ name: "Defrag", language: "powershell", os: "WINDOWS", body: "Get-Date\n" }),
        )
      ).json().id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The script "Defrag" is written for Windows, but this device runs another operating system: db-1 (Linux)',
    );
    const many = await submit(admin, [linuxA, linuxB, windows], {
      scriptId: (
        await admin.post("/api/scripts", libraryScript({ name: "Mac only", os: "MAC", body: "sw_vers\n" }))
      ).json().id,
    });
    expect(many.json().message).toBe(
      'The script "Mac only" is written for macOS, but 3 devices run another operating system: db-1 (Linux), db-2 (Linux), front-desk (Windows)',
    );
  });

  it("accepts a script for the device's OS, and a script for any OS everywhere", async () => {
    expect((await submit(admin, [linuxA, linuxB], { scriptId: linuxScriptId })).statusCode).toBe(200);
    expect((await submit(admin, [linuxA, windows], { scriptId: anyScriptId })).statusCode).toBe(200);
  });

  it("leaves inline scripts alone (they name no target OS)", async () => {
    const res = await submit(admin, [windows], {
      script: { name: "inline", language: "bash", body: "true" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the preset name is kept with the job", () => {
  it("is answered by GET /api/webapp/job/{jobUid} and the job list; null without a preset", async () => {
    const res = await submit(admin, [linuxB], { scriptId: linuxScriptId, presetName: "Monthly" });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().jobs[0].jobUid as string;
    const one = jobResponse.parse((await admin.get(`/api/webapp/job/${uid}`)).json());
    expect(one.job.presetName).toBe("Monthly");
    expect(one.job.content).toMatchObject({
      presetName: "Monthly",
      parameters: [{ name: "days", value: "30" }],
    });
    const list = jobListResponse.parse((await admin.get(`/api/webapp/job/list?nodeId=${linuxB}`)).json());
    expect(list.jobs.find((j) => j.jobUid === uid)?.presetName).toBe("Monthly");

    const plain = await submit(admin, [linuxB], { scriptId: linuxScriptId });
    const plainJob = (await admin.get(`/api/webapp/job/${plain.json().jobs[0].jobUid}`)).json().job;
    expect(plainJob.presetName).toBeNull();
  });
});

describe("a submit from an expired devices cache", () => {
  it("is refused with 409 E_DEVICES_CACHE_EXPIRED, resultCode DEVICES_CACHE_EXPIRED, and queues nothing", async () => {
    const before = await jobCount(linuxA);
    const res = await submit(
      admin,
      [linuxA],
      { scriptId: linuxScriptId },
      { cacheExpiration: Date.now() - 1 },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: DEVICES_CACHE_EXPIRED_CODE,
      resultCode: DEVICES_CACHE_EXPIRED,
      message: DEVICES_CACHE_EXPIRED_MESSAGE,
    });
    expect(DEVICES_CACHE_EXPIRED_CODE).toBe("E_DEVICES_CACHE_EXPIRED");
    expect(DEVICES_CACHE_EXPIRED_MESSAGE).toBe(
      "The device list changed since it was loaded. Reload the devices and try again.",
    );
    expect(await jobCount(linuxA)).toBe(before);
  });

  it("accepts the cacheExpiration POST /api/query/device answered while it is still valid", async () => {
    const query = await admin.post("/api/query/device", { nodeIds: [linuxA] });
    expect(query.statusCode, query.body).toBe(200);
    const { cacheExpiration } = query.json() as { cacheExpiration: number };
    expect(cacheExpiration).toBeGreaterThan(Date.now());
    const res = await submit(admin, [linuxA], { scriptId: linuxScriptId }, { cacheExpiration });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("POST /api/search/runner/execute-action RUN_SCRIPT", () => {
  const runScript = (client: TestClient, data: Record<string, unknown>) =>
    client.post("/api/search/runner/execute-action", { action: "RUN_SCRIPT", data });

  it("answers 401 without a session and 403 without jobs.run (devices.manage alone is not enough)", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await runScript(anonymous, { nodeIds: [linuxA], scriptId: linuxScriptId })).statusCode).toBe(401);
    const manager = (await signedInClient(ctx, { permissions: ["devices.read", "devices.manage"] })).client;
    const before = await jobCount(linuxA);
    const res = await runScript(manager, { nodeIds: [linuxA], scriptId: linuxScriptId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_FORBIDDEN");
    const runner = (await signedInClient(ctx, { permissions: ["devices.read", "jobs.run"] })).client;
    expect((await runScript(runner, { nodeIds: [linuxA], scriptId: linuxScriptId })).statusCode).toBe(403);
    expect(await jobCount(linuxA)).toBe(before);
  });

  it("queues one job per approved targeted device through the job engine, with preset and Run As", async () => {
    const technician = (
      await signedInClient(ctx, { permissions: ["devices.read", "devices.manage", "jobs.run"] })
    ).client;
    const res = await runScript(technician, {
      criteria: { osFamilies: ["LINUX"] },
      scriptId: linuxScriptId,
      presetName: "Weekly",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ resultCode: "SUCCESS", action: "RUN_SCRIPT", matched: 3, count: 2 });
    expect(body.jobs.map((j: { nodeId: number }) => j.nodeId).sort()).toEqual([linuxA, linuxB].sort());
    expect(body.jobs.map((j: { nodeId: number }) => j.nodeId)).not.toContain(pending);
    for (const j of body.jobs as { jobUid: string; jobType: string }[]) {
      expect(j.jobType).toBe("ACTION");
      const job = (await admin.get(`/api/webapp/job/${j.jobUid}`)).json().job;
      expect(job).toMatchObject({
        jobName: "Rotate logs",
        jobStatus: "START_REQUESTED",
        presetName: "Weekly",
        content: { scriptId: linuxScriptId, runAs: "System", parameters: [{ name: "days", value: "7" }] },
      });
    }
  });

  it("runs an inline script (a template with its values resolved) the same way", async () => {
    const res = await runScript(admin, {
      nodeIds: [windows, linuxA],
      script: { name: "Uptime", language: "bash", body: "uptime" },
      parameters: [{ name: "note", value: "a;b" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ matched: 2, count: 2 });
    const job = (await admin.get(`/api/webapp/job/${res.json().jobs[0].jobUid}`)).json().job;
    expect(job).toMatchObject({
      jobName: "Uptime",
      presetName: null,
      content: {
        script: { name: "Uptime", language: "bash", body: "uptime" },
        parameters: [{ name: "note", value: "ab" }],
      },
    });
  });

  it("applies the same checks as submit: target OS, parameters, Run As, expired cache", async () => {
    const before = await jobCount(windows);
    const os = await runScript(admin, { nodeIds: [linuxA, windows], scriptId: linuxScriptId });
    expect(os.statusCode).toBe(400);
    expect(os.json()).toMatchObject({
      code: "E_SCRIPT_OS_MISMATCH",
      message:
        'The script "Rotate logs" is written for Linux, but this device runs another operating system: front-desk (Windows)',
    });
    const value = await runScript(admin, {
      nodeIds: [linuxA],
      scriptId: linuxScriptId,
      parameters: [{ name: "days", value: "soon" }],
    });
    expect(value.json()).toMatchObject({ code: "E_VALIDATION", message: "content.parameters.days: Invalid" });
    const runAs = await runScript(admin, { nodeIds: [linuxA], scriptId: linuxScriptId, runAs: "root" });
    expect(runAs.statusCode).toBe(400);
    expect(runAs.json().code).toBe("E_RUN_AS_INVALID");
    const expired = await runScript(admin, {
      nodeIds: [linuxA],
      scriptId: linuxScriptId,
      cacheExpiration: Date.now() - 1000,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: "E_DEVICES_CACHE_EXPIRED",
      resultCode: "DEVICES_CACHE_EXPIRED",
    });
    const missing = await runScript(admin, { nodeIds: [linuxA] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "E_VALIDATION",
      message:
        "data.scriptId: Give one of a scriptId (library script), a templateId (template script) or a script (inline)",
    });
    expect(await jobCount(windows)).toBe(before);
    // A template script over a search: resolved by the server, its preset kept with each job.
    const template = await runScript(admin, {
      nodeIds: [linuxA],
      templateId: "linux-top-processes",
      presetName: "Top 10 by CPU",
    });
    expect(template.statusCode, template.body).toBe(200);
    const uid = template.json().jobs[0].jobUid as string;
    expect((await admin.get(`/api/webapp/job/${uid}`)).json().job).toMatchObject({
      presetName: "Top 10 by CPU",
      content: { templateId: "linux-top-processes", script: { os: "LINUX" } },
    });
  });
});
