import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EffectivePolicy } from "@steward/contracts";
import { defaultSchedule } from "@steward/domain";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import { randomBytes } from "node:crypto";
import { createMaintenanceService } from "../maintenance/index.js";
import { createPolicyAutomations } from "./policies.automations.js";
import { PoliciesRepository } from "./policies.repository.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
let scriptId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
  const script = await admin.post("/api/scripts", {
    name: `Nightly cleanup ${Date.now()}`,
    description: "",
    language: "bash",
    os: "LINUX",
    architecture: "ALL",
    timeoutSeconds: 30,
    parameters: [],
    presets: [],
    body: "echo cleaned\n",
  });
  expect(script.statusCode, script.body).toBe(201);
  scriptId = script.json<{ id: number }>().id;
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const nightly = (over: object = {}) => ({
  name: "Nightly cleanup",
  scriptId,
  enabled: true,
  schedule: { ...defaultSchedule(), repeats: "DAILY", runAtHour: 2, runAtMinute: 0, startDate: "2026-01-01" },
  timeZone: "UTC",
  runAs: "System",
  ...over,
});

async function device() {
  const d = await ctx.services.devices.enroll({
    ...org,
    publicKey: randomBytes(32).toString("base64"),
    approvalStatus: "APPROVED",
    inventory: makeInventory({
      os: { family: "LINUX", name: "Debian GNU/Linux", version: "12", arch: "x64" },
    }),
    publicIp: null,
    enrollmentTokenId: null,
    simulated: false,
  });
  const effective = (await admin.get(`/api/devices/${d.id}/effective-policy`)).json<EffectivePolicy>();
  return { id: d.id, deviceClass: effective.deviceClass! };
}

async function policy(body: object): Promise<number> {
  const res = await admin.post("/api/policies", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function assign(deviceId: number, policyId: number) {
  const res = await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId });
  expect(res.statusCode, res.body).toBe(200);
}

async function jobNamesOf(deviceId: number): Promise<string[]> {
  const list = (await admin.get(`/api/webapp/job/list?nodeId=${deviceId}`)).json<{
    jobs: { jobName: string }[];
  }>();
  return list.jobs.map((j) => j.jobName);
}

describe("scheduled automations of a policy", () => {
  it("at the due time, a job runs the script on each device of the policy; not on a disabled policy's devices nor on devices in a maintenance window suppressing automations", async () => {
    const [a, b, inWindow, onDisabled] = await Promise.all([device(), device(), device(), device()]);
    const parent = await policy({
      name: `Automated ${Date.now()}`,
      deviceClass: a.deviceClass,
      items: { automations: { cleanup: nightly() } },
    });
    // A child inherits the automation: its devices run it too (under the child's own schedule state).
    const child = await policy({ name: `Child ${Date.now()}`, deviceClass: a.deviceClass, parentId: parent });
    const disabled = await policy({
      name: `Disabled ${Date.now()}`,
      deviceClass: a.deviceClass,
      enabled: false,
      items: { automations: { cleanup: nightly() } },
    });
    await assign(a.id, parent);
    await assign(b.id, child);
    await assign(inWindow.id, parent);
    await assign(onDisabled.id, disabled);

    const due = Date.parse("2026-03-10T02:00:00Z");
    const window = await admin.post(`/api/organizations/${org.organizationId}/maintenance-windows`, {
      name: "Quiet",
      targets: { deviceIds: [inWindow.id] },
      timing: {
        kind: "ONE_OFF",
        startsAt: new Date(due - HOUR).toISOString(),
        endsAt: new Date(due + HOUR).toISOString(),
      },
      suppress: { alerts: false, notifications: false, automations: true },
    });
    expect(window.statusCode, window.body).toBe(201);

    let now = new Date(due - HOUR);
    const automations = createPolicyAutomations({
      db: ctx.deps.db,
      bus: ctx.deps.bus,
      jobsOn: ctx.services.taskRunner.jobsOn,
      repoOn: (db) => new PoliciesRepository(db),
      maintenanceOn: (db) => createMaintenanceService({ db, devicesOn: ctx.services.taskRunner.devicesOn }),
      clock: () => now,
    });
    // Before the time: the schedule is started, nothing runs.
    expect(await automations.tick()).toEqual([]);
    expect(await automations.nextRunOf(parent, "cleanup")).toEqual(new Date(due));
    expect(await jobNamesOf(a.id)).toEqual([]);

    now = new Date(due + 30_000);
    const fired = await automations.tick();
    const byPolicy = new Map(fired.map((f) => [f.policyId, f]));
    expect(byPolicy.get(parent)).toMatchObject({
      deviceIds: [a.id],
      suppressedDeviceIds: [inWindow.id],
      error: null,
    });
    expect(byPolicy.get(parent)!.jobUids).toHaveLength(1);
    expect(byPolicy.get(child)).toMatchObject({ deviceIds: [b.id], error: null });
    expect(byPolicy.has(disabled)).toBe(false);

    expect((await jobNamesOf(a.id)).filter((n) => n.endsWith(": Nightly cleanup"))).toHaveLength(1);
    expect(await jobNamesOf(b.id)).toEqual([expect.stringMatching(/^Child .*: Nightly cleanup$/)]);
    expect(await jobNamesOf(inWindow.id)).toEqual([]);
    expect(await jobNamesOf(onDisabled.id)).toEqual([]);

    // The same instant again fires nothing; the next run is the next night's.
    expect(await automations.tick()).toEqual([]);
    expect(await automations.nextRunOf(parent, "cleanup")).toEqual(new Date(due + 24 * HOUR));

    // The job runs the library script as the automation says.
    const list = (await admin.get(`/api/webapp/job/list?nodeId=${a.id}`)).json<{
      jobs: { jobUid: string }[];
    }>();
    const detail = (await admin.get(`/api/webapp/job/${list.jobs[0]!.jobUid}`)).json<{
      job: { content: { scriptId?: number; runAs?: string; script?: { body: string } } };
    }>();
    expect(detail.job.content).toMatchObject({ scriptId, runAs: "System" });
    expect(detail.job.content.script?.body).toBe("echo cleaned\n");
  });

  it("a disabled automation, or one whose policy is disabled later, does not run", async () => {
    const d = await device();
    const id = await policy({
      name: `Paused ${Date.now()}`,
      deviceClass: d.deviceClass,
      items: {
        automations: {
          off: nightly({ enabled: false }),
          on: nightly({ schedule: { ...nightly().schedule, runAtHour: 3 } }),
        },
      },
    });
    await assign(d.id, id);
    let now = new Date("2026-04-01T00:00:00Z");
    const automations = createPolicyAutomations({
      db: ctx.deps.db,
      bus: ctx.deps.bus,
      jobsOn: ctx.services.taskRunner.jobsOn,
      repoOn: (db) => new PoliciesRepository(db),
      maintenanceOn: (db) => createMaintenanceService({ db, devicesOn: ctx.services.taskRunner.devicesOn }),
      clock: () => now,
    });
    await automations.tick();
    expect(await automations.nextRunOf(id, "off")).toBeNull();
    expect(await automations.nextRunOf(id, "on")).toEqual(new Date("2026-04-01T03:00:00Z"));
    expect((await admin.patch(`/api/policies/${id}`, { enabled: false })).statusCode).toBe(200);
    now = new Date("2026-04-01T03:00:30Z");
    const fired = await automations.tick();
    expect(fired.filter((f) => f.policyId === id)).toEqual([]);
    expect(await jobNamesOf(d.id)).toEqual([]);
  });
});

describe("a script that policies use", () => {
  it("editing it moves the version of each policy whose effective items use it (inherited too), not of others", async () => {
    const d = await device();
    const user = await policy({
      name: `Uses script ${Date.now()}`,
      deviceClass: d.deviceClass,
      items: { automations: { cleanup: nightly() } },
    });
    const inheriting = await policy({
      name: `Inherits script ${Date.now()}`,
      deviceClass: d.deviceClass,
      parentId: user,
    });
    const unrelated = await policy({ name: `No script ${Date.now()}`, deviceClass: d.deviceClass });
    const version = async (id: number) =>
      (await admin.get(`/api/policies/${id}`)).json<{ version: number }>().version;
    const before = await Promise.all([user, inheriting, unrelated].map(version));
    const current = (await admin.get(`/api/scripts/${scriptId}`)).json<Record<string, unknown>>();
    const edited = await admin.put(`/api/scripts/${scriptId}`, {
      name: current.name,
      description: "",
      language: "bash",
      os: "LINUX",
      architecture: "ALL",
      timeoutSeconds: 30,
      parameters: [],
      presets: [],
      body: "echo cleaned again\n",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await Promise.all([user, inheriting, unrelated].map(version));
    expect(after[0]).toBeGreaterThan(before[0]!);
    expect(after[1]).toBeGreaterThan(before[1]!);
    expect(after[2]).toBe(before[2]);
  });
});
