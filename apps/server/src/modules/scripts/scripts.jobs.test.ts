import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaveScriptRequest, ScriptDetail } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { devices } from "../devices/devices.tables.js";
import { resolveScriptForJob } from "./index.js";

let ctx: TestContext;
let admin: TestClient;
let deviceIds: number[];
let script: ScriptDetail;

async function addDevice(place: { organizationId: number; locationId: number }, hostname: string) {
  const [row] = await ctx.deps.db
    .insert(devices)
    .values({
      ...place,
      hostname,
      osFamily: "LINUX",
      publicKey: randomBytes(32).toString("base64"),
      approvalStatus: "APPROVED",
    })
    .returning({ id: devices.id });
  return row!.id;
}

const library: SaveScriptRequest = {
  name: "Restart service",
  language: "bash",
  os: "LINUX",
  timeoutSeconds: 90,
  parameters: [
    { name: "service_name", label: "Service", type: "text", required: true, defaultValue: "" },
    { name: "wait", label: "Wait", type: "number", required: false, defaultValue: "30" },
    {
      name: "mode",
      label: "Mode",
      type: "choice",
      required: true,
      defaultValue: "restart",
      choices: ["restart", "reload"],
    },
    { name: "verbose", label: "Verbose", type: "boolean", required: false, defaultValue: "false" },
  ],
  presets: [
    { name: "Cron", values: { service_name: "cron" } },
    { name: "Reload nginx", values: { service_name: "nginx", mode: "reload", wait: "5" } },
  ],
  body: 'systemctl "$STEWARD_PARAM_MODE" -- "$STEWARD_PARAM_SERVICE_NAME"\n',
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  const place = await createOrganization(ctx);
  deviceIds = [
    await addDevice(place, "web-1"),
    await addDevice(place, "web-2"),
    await addDevice(place, "web-3"),
  ];
  // "Preferred Linux Credential" needs the organization's preferred Linux credential.
  const credential = await admin.post(`/api/organizations/${place.organizationId}/credentials`, {
    name: "Linux service account",
    type: "LINUX",
    username: "svc-deploy",
    secret: "not used on Linux",
    preferred: true,
  });
  expect(credential.statusCode, credential.body).toBe(201);
  const res = await admin.post("/api/scripts", library);
  expect(res.statusCode, res.body).toBe(201);
  script = res.json();
});
afterAll(async () => {
  await ctx.close();
});

const action = (content: Record<string, unknown>, nodeIds = [deviceIds[0]!]) => ({
  nodes: nodeIds.map((nodeId) => ({ nodeId, jobs: [{ jobType: "ACTION", content }] })),
});

async function submitted(content: Record<string, unknown>) {
  const res = await admin.post("/api/webapp/submit/job", action(content));
  expect(res.statusCode, res.body).toBe(200);
  const job = (await admin.get(`/api/webapp/job/${res.json().jobs[0].jobUid}`)).json().job;
  return job as {
    jobName: string;
    content: {
      scriptId: number;
      script: { name: string; language: string; body: string };
      parameters: { name: string; value: string }[];
      timeoutSeconds: number;
      runAs: string;
    };
  };
}

async function refused(content: Record<string, unknown>, status: number, code: string, message: string) {
  const res = await admin.post("/api/webapp/submit/job", action(content));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, message });
  return res.json();
}

describe("ACTION jobs with content.scriptId run the library script", () => {
  it("copies body, language, name and timeout into the job and fills every parameter in declared order", async () => {
    const job = await submitted({
      scriptId: script.id,
      parameters: [{ name: "service_name", value: "ssh" }],
    });
    expect(job.jobName).toBe("Restart service");
    expect(job.content).toMatchObject({
      scriptId: script.id,
      script: { name: "Restart service", language: "bash", body: library.body, os: "LINUX" },
      timeoutSeconds: 90,
      runAs: "System",
      parameters: [
        { name: "service_name", value: "ssh" },
        { name: "wait", value: "30" },
        { name: "mode", value: "restart" },
        { name: "verbose", value: "false" },
      ],
    });
  });

  it("applies a preset, with given values over the preset and the preset over the defaults", async () => {
    const job = await submitted({
      scriptId: script.id,
      presetName: "Reload nginx",
      parameters: [{ name: "wait", value: "12" }],
      runAs: "Preferred Linux Credential",
    });
    expect(job.content.parameters).toEqual([
      { name: "service_name", value: "nginx" },
      { name: "wait", value: "12" },
      { name: "mode", value: "reload" },
      { name: "verbose", value: "false" },
    ]);
    expect(job.content.runAs).toBe("Preferred Linux Credential");
    expect((await submitted({ scriptId: script.id, presetName: "Cron" })).content.parameters[0]).toEqual({
      name: "service_name",
      value: "cron",
    });
  });

  it("keeps an explicit timeout, and replaces a given inline script with the library's current one", async () => {
    const job = await submitted({
      scriptId: script.id,
      presetName: "Cron",
      timeoutSeconds: 15,
      script: { name: "Evil", language: "sh", body: "rm -rf /" },
    });
    expect(job.content.timeoutSeconds).toBe(15);
    expect(job.content.script).toEqual({
      name: "Restart service",
      language: "bash",
      body: library.body,
      os: "LINUX",
    });
  });

  it("strips & | ; $ > < ` ! from the values, then checks what is left", async () => {
    const job = await submitted({
      scriptId: script.id,
      parameters: [
        { name: "service_name", value: "cron; rm -rf / && `x` $(y) | z > w < v !" },
        { name: "wait", value: "4$2" },
      ],
    });
    expect(job.content.parameters.slice(0, 2)).toEqual([
      { name: "service_name", value: "cron rm -rf /  x (y)  z  w  v " },
      { name: "wait", value: "42" },
    ]);
  });

  it("resolves each script once for a fan-out and gives every device the same content", async () => {
    const res = await admin.post(
      "/api/webapp/submit/job",
      action({ scriptId: script.id, presetName: "Cron" }, deviceIds),
    );
    expect(res.statusCode, res.body).toBe(200);
    const jobs = await Promise.all(
      res
        .json()
        .jobs.map(
          async (j: { jobUid: string }) => (await admin.get(`/api/webapp/job/${j.jobUid}`)).json().job,
        ),
    );
    expect(jobs.map((j) => j.nodeId)).toEqual(deviceIds);
    expect(new Set(jobs.map((j) => JSON.stringify(j.content))).size).toBe(1);
  });

  it("snapshots the script: editing the library later does not change a queued job", async () => {
    const copy = (
      await admin.post("/api/scripts", { ...library, name: `Snapshot ${randomBytes(3).toString("hex")}` })
    ).json();
    const before = await submitted({ scriptId: copy.id, presetName: "Cron" });
    await admin.put(`/api/scripts/${copy.id}`, { ...library, name: copy.name, body: "echo changed\n" });
    const uid = (await admin.get(`/api/webapp/job/list?nodeId=${deviceIds[0]}&pageSize=1`)).json().jobs[0]
      .jobUid;
    expect((await admin.get(`/api/webapp/job/${uid}`)).json().job.content.script.body).toBe(
      before.content.script.body,
    );
    expect((await submitted({ scriptId: copy.id, presetName: "Cron" })).content.script.body).toBe(
      "echo changed\n",
    );
  });

  it("leaves inline scripts to the job engine as before", async () => {
    const job = await submitted({
      script: { name: "inline", language: "sh", body: "echo hi" },
      parameters: [{ name: "x", value: "a;b" }],
    });
    expect(job.content).toMatchObject({
      script: { name: "inline", language: "sh", body: "echo hi" },
      parameters: [{ name: "x", value: "ab" }],
      timeoutSeconds: 600,
    });
    expect(job.content).not.toHaveProperty("scriptId");
  });
});

describe("ACTION jobs with content.templateId run the built-in template script", () => {
  it("resolves the template's body, language and OS, applies its preset and keeps the preset name", async () => {
    const job = await submitted({ templateId: "linux-top-processes", presetName: "Top 10 by CPU" });
    const content = job.content as typeof job.content & { templateId: string; presetName: string };
    expect(content).toMatchObject({
      templateId: "linux-top-processes",
      presetName: "Top 10 by CPU",
      script: { name: "Linux: top processes by memory", os: "LINUX" },
    });
    expect(content.script.body.length).toBeGreaterThan(20);
    expect(content.parameters).toEqual(
      expect.arrayContaining([
        { name: "count", value: "10" },
        { name: "sort_by", value: "cpu" },
      ]),
    );
    expect((await admin.get(`/api/webapp/job/list?nodeId=${deviceIds[0]}`)).json().jobs[0]).toMatchObject({
      presetName: "Top 10 by CPU",
    });
  });

  it("refuses an unknown template (404), both a template and a script, and a template for another OS", async () => {
    await refused(
      { templateId: "no-such-template" },
      404,
      "E_SCRIPT_TEMPLATE_NOT_FOUND",
      'content.templateId: no template script "no-such-template"',
    );
    await refused(
      { templateId: "linux-top-processes", scriptId: script.id },
      400,
      "E_VALIDATION",
      "content.templateId: give a scriptId or a templateId, not both",
    );
    const windowsOnly = (await admin.get("/api/script-templates?os=WINDOWS"))
      .json()
      .items.find((t: { os: string }) => t.os === "WINDOWS") as { id: string };
    const res = await admin.post("/api/webapp/submit/job", action({ templateId: windowsOnly.id }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("E_SCRIPT_OS_MISMATCH");
  });
});

describe("refusals, by code with exact messages", () => {
  it("an unknown script is 404 E_SCRIPT_NOT_FOUND and nothing is queued", async () => {
    const before = (await admin.get(`/api/webapp/job/list?nodeId=${deviceIds[1]}`)).json().total;
    const res = await admin.post("/api/webapp/submit/job", action({ scriptId: 999_999 }, [deviceIds[1]!]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "E_SCRIPT_NOT_FOUND",
      message: "content.scriptId: no script with id 999999",
    });
    expect((await admin.get(`/api/webapp/job/list?nodeId=${deviceIds[1]}`)).json().total).toBe(before);
  });

  it("checks the values against the typed parameters", async () => {
    const mandatory = await refused(
      { scriptId: script.id },
      400,
      "E_VALIDATION",
      "content.parameters.service_name: Mandatory value is undefined. Please enter a value.",
    );
    expect(mandatory.details.issues).toEqual([
      {
        path: ["content", "parameters", "service_name"],
        message: "Mandatory value is undefined. Please enter a value.",
      },
    ]);
    const svc = { name: "service_name", value: "cron" };
    await refused(
      { scriptId: script.id, parameters: [svc, { name: "wait", value: "soon" }] },
      400,
      "E_VALIDATION",
      "content.parameters.wait: Invalid",
    );
    await refused(
      { scriptId: script.id, parameters: [svc, { name: "wait", value: "1e3" }] },
      400,
      "E_VALIDATION",
      "content.parameters.wait: Must not be in scientific notation",
    );
    await refused(
      { scriptId: script.id, parameters: [svc, { name: "verbose", value: "yes" }] },
      400,
      "E_VALIDATION",
      "content.parameters.verbose: Enter true or false",
    );
    await refused(
      { scriptId: script.id, parameters: [svc, { name: "mode", value: "stop" }] },
      400,
      "E_VALIDATION",
      "content.parameters.mode: Choose one of: restart, reload",
    );
    await refused(
      { scriptId: script.id, parameters: [svc, { name: "nope", value: "1" }] },
      400,
      "E_VALIDATION",
      'content.parameters.nope: The script has no parameter "nope"',
    );
  });

  it("refuses an unknown preset, a preset without a script and a malformed scriptId", async () => {
    await refused(
      { scriptId: script.id, presetName: "Nope" },
      400,
      "E_VALIDATION",
      'content.presetName: The script has no preset "Nope"',
    );
    await refused(
      { presetName: "Cron", script: { name: "x", language: "sh", body: "true" } },
      400,
      "E_VALIDATION",
      "content.presetName: presets belong to library and template scripts; give a scriptId or a templateId",
    );
    const res = await admin.post("/api/webapp/submit/job", action({ scriptId: "seven" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
    expect(res.json().message).toMatch(/^content\.scriptId: /);
  });
});

describe("resolveScriptForJob", () => {
  it("returns content without a scriptId unchanged", async () => {
    const content = { script: { name: "x", language: "sh", body: "true" }, parameters: [] };
    expect(await resolveScriptForJob(ctx.deps.db, content)).toBe(content);
  });

  it("reads a script once per lookup cache", async () => {
    const cache = new Map();
    const a = await resolveScriptForJob(ctx.deps.db, { scriptId: script.id, presetName: "Cron" }, cache);
    const b = await resolveScriptForJob(ctx.deps.db, { scriptId: script.id, presetName: "Cron" }, cache);
    expect(cache.size).toBe(1);
    expect(b).toEqual(a);
  });
});
