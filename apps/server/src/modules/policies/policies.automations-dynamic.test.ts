import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicPolicyView, EffectivePolicy } from "@steward/contracts";
import { defaultSchedule } from "@steward/domain";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createDynamicPoliciesService, DynamicPoliciesRepository } from "../dynamic-policies/index.js";
import { createMaintenanceService } from "../maintenance/index.js";
import { createPolicyAutomations } from "./policies.automations.js";
import { PoliciesRepository } from "./policies.repository.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
let cleanupScript: number;
let reportScript: number;

const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };

async function script(name: string, body: string): Promise<number> {
  const res = await admin.post("/api/scripts", {
    name: `${name} ${Date.now()}`,
    description: "",
    language: "bash",
    os: "LINUX",
    architecture: "ALL",
    timeoutSeconds: 30,
    parameters: [],
    presets: [],
    body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
  cleanupScript = await script("Cleanup", "echo cleaned\n");
  reportScript = await script("Report", "echo reported\n");
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const nightly = (name: string, scriptId: number) => ({
  name,
  scriptId,
  enabled: true,
  schedule: { ...defaultSchedule(), repeats: "DAILY", runAtHour: 2, runAtMinute: 0, startDate: "2026-01-01" },
  timeZone: "UTC",
});

let counter = 0;
async function basePolicy(automations: Record<string, unknown>): Promise<number> {
  const res = await admin.post("/api/policies", {
    name: `Base ${++counter} ${Date.now()}`,
    deviceClass: "LINUX_SERVER",
    items: { automations },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function dynamicPolicy(tag: string, automations: Record<string, unknown>): Promise<DynamicPolicyView> {
  const res = await admin.post("/api/dynamic-policies", {
    name: `Dynamic ${++counter} ${Date.now()}`,
    deviceClass: "LINUX_SERVER",
    criteria: { tags: [tag] },
    sections: { automations: { configure: true, items: automations } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DynamicPolicyView>();
}

async function device(policyId: number, tag?: string): Promise<number> {
  const d = await enrollDevice(ctx, org, { inventory: linux });
  const effective = (await admin.get(`/api/devices/${d.id}/effective-policy`)).json<EffectivePolicy>();
  expect(effective.deviceClass).toBe("LINUX_SERVER");
  const put = await admin.put(`/api/devices/${d.id}/policy-override`, { policyId });
  expect(put.statusCode, put.body).toBe(200);
  if (tag) expect((await admin.post(`/api/devices/${d.id}/tags`, { tag })).statusCode).toBeLessThan(300);
  return d.id;
}

async function jobNamesOf(deviceId: number): Promise<string[]> {
  const list = (await admin.get(`/api/webapp/job/list?nodeId=${deviceId}`)).json<{
    jobs: { jobName: string }[];
  }>();
  return list.jobs.map((j) => j.jobName).sort();
}

/** The runner as the server builds it, with a clock the test moves. */
function runner(clock: () => Date) {
  const { devicesOn, jobsOn } = ctx.services.taskRunner;
  return createPolicyAutomations({
    db: ctx.deps.db,
    bus: ctx.deps.bus,
    jobsOn,
    repoOn: (db) => new PoliciesRepository(db),
    dynamicOn: (db) =>
      createDynamicPoliciesService({
        repo: new DynamicPoliciesRepository(db),
        repoOn: (on) => new DynamicPoliciesRepository(on),
        whereOf: devicesOn(db).whereOf,
      }),
    maintenanceOn: (db) => createMaintenanceService({ db, devicesOn }),
    clock,
  });
}

describe("scheduled automations of dynamic policies", () => {
  it("run once per slot on the devices the criteria match, a script the base policy also runs only once, not in a maintenance window; the device shows who set each", async () => {
    const base = await basePolicy({ cleanup: nightly("Cleanup", cleanupScript) });
    const dynamic = await dynamicPolicy("night-ops", {
      // The same script as the base policy's automation, under another key: still one run.
      tidy: nightly("Tidy", cleanupScript),
      report: nightly("Report", reportScript),
    });
    const matched = await device(base, "night-ops");
    const plain = await device(base);
    const quiet = await device(base, "night-ops");

    const due = Date.parse("2026-05-10T02:00:00Z");
    const window = await admin.post(`/api/organizations/${org.organizationId}/maintenance-windows`, {
      name: "Quiet",
      targets: { deviceIds: [quiet] },
      timing: {
        kind: "ONE_OFF",
        startsAt: new Date(due - HOUR).toISOString(),
        endsAt: new Date(due + HOUR).toISOString(),
      },
      suppress: { alerts: false, notifications: false, automations: true },
    });
    expect(window.statusCode, window.body).toBe(201);

    let now = new Date(due - HOUR);
    const automations = runner(() => now);
    expect(await automations.tick()).toEqual([]);
    now = new Date(due + 30_000);
    const fired = await automations.tick();
    const ofDynamic = fired.filter((f) => f.dynamicPolicyId === dynamic.id);
    expect(ofDynamic.map((f) => f.automationKey).sort()).toEqual(["report", "tidy"]);
    expect(ofDynamic.find((f) => f.automationKey === "report")).toMatchObject({
      policyId: null,
      deviceIds: [matched],
      suppressedDeviceIds: [quiet],
      error: null,
    });
    expect(ofDynamic.find((f) => f.automationKey === "tidy")).toMatchObject({
      deviceIds: [],
      duplicateDeviceIds: [matched],
    });
    expect(fired.find((f) => f.policyId === base)).toMatchObject({
      deviceIds: [matched, plain].sort((a, b) => a - b),
      suppressedDeviceIds: [quiet],
    });

    const baseName = (await admin.get(`/api/policies/${base}`)).json<{ name: string }>().name;
    expect(await jobNamesOf(matched)).toEqual([`${baseName}: Cleanup`, `${dynamic.name}: Report`].sort());
    expect(await jobNamesOf(plain)).toEqual([expect.stringMatching(/^Base .*: Cleanup$/)]);
    expect(await jobNamesOf(quiet)).toEqual([]);

    // The same slot again runs nothing.
    expect((await automations.tick()).filter((f) => f.dynamicPolicyId === dynamic.id)).toEqual([]);
    expect(await jobNamesOf(matched)).toHaveLength(2);

    // The device's effective policy names the policy that set each automation.
    const effective = (await admin.get(`/api/devices/${matched}/effective-policy`)).json<EffectivePolicy>();
    expect(effective.sections.automations?.report).toMatchObject({
      sourceDynamicPolicyId: dynamic.id,
      sourceDynamicPolicyName: dynamic.name,
    });
    expect(effective.sections.automations?.cleanup).toMatchObject({
      sourcePolicyId: base,
      sourceDynamicPolicyId: null,
    });
  });

  it("where two dynamic policies set the same automation, the higher priority's runs; a new order changes it", async () => {
    const base = await basePolicy({});
    const first = await dynamicPolicy("ordered", { nightly: nightly("First", cleanupScript) });
    const second = await dynamicPolicy("ordered", { nightly: nightly("Second", reportScript) });
    const target = await device(base, "ordered");

    let now = new Date("2026-06-01T01:00:00Z");
    const automations = runner(() => now);
    await automations.tick();
    now = new Date("2026-06-01T02:00:30Z");
    let fired = await automations.tick();
    expect(fired.find((f) => f.dynamicPolicyId === first.id)).toMatchObject({ deviceIds: [target] });
    expect(fired.find((f) => f.dynamicPolicyId === second.id)).toMatchObject({ deviceIds: [] });
    expect(await jobNamesOf(target)).toEqual([`${first.name}: First`]);

    const reorder = await admin.put("/api/dynamic-policies/order", {
      deviceClass: "LINUX_SERVER",
      ids: [
        second.id,
        first.id,
        ...(await admin.get("/api/dynamic-policies", { query: { deviceClass: "LINUX_SERVER" } }))
          .json<{ items: DynamicPolicyView[] }>()
          .items.map((d) => d.id)
          .filter((id) => id !== first.id && id !== second.id),
      ],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    now = new Date("2026-06-02T02:00:30Z");
    fired = await automations.tick();
    expect(fired.find((f) => f.dynamicPolicyId === second.id)).toMatchObject({ deviceIds: [target] });
    expect(fired.find((f) => f.dynamicPolicyId === first.id)).toMatchObject({ deviceIds: [] });
    expect(await jobNamesOf(target)).toEqual([`${first.name}: First`, `${second.name}: Second`].sort());
  });

  it("a device the criteria no longer match stops running the dynamic policy's automations", async () => {
    const base = await basePolicy({});
    const dynamic = await dynamicPolicy("patch-night", { report: nightly("Report", reportScript) });
    const target = await device(base, "patch-night");

    let now = new Date("2026-07-01T01:00:00Z");
    const automations = runner(() => now);
    await automations.tick();
    now = new Date("2026-07-01T02:00:30Z");
    expect((await automations.tick()).find((f) => f.dynamicPolicyId === dynamic.id)).toMatchObject({
      deviceIds: [target],
    });

    const untag = await admin.delete(`/api/devices/${target}/tags`, { query: { tag: "patch-night" } });
    expect(untag.statusCode).toBeLessThan(300);
    now = new Date("2026-07-02T02:00:30Z");
    expect((await automations.tick()).find((f) => f.dynamicPolicyId === dynamic.id)).toMatchObject({
      deviceIds: [],
    });
    expect(await jobNamesOf(target)).toEqual([`${dynamic.name}: Report`]);

    // Unticking the section stops it everywhere (and forgets its schedule).
    const off = await admin.patch(`/api/dynamic-policies/${dynamic.id}`, {
      sections: { automations: { configure: false, items: { report: nightly("Report", reportScript) } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    now = new Date("2026-07-03T02:00:30Z");
    expect((await automations.tick()).filter((f) => f.dynamicPolicyId === dynamic.id)).toEqual([]);
  });
});
