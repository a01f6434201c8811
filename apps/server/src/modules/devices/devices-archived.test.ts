import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
let active: number;
let archived: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
  active = (await enrollDevice(ctx, org)).id;
  archived = (await enrollDevice(ctx, org)).id;
  // Uninstalling the agent from the console archives its device.
  const res = await admin.post(`/api/device/${archived}/uninstall`, {});
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

const listed = async (query: string) => {
  const res = await admin.get(`/api/devices?organizationId=${org.organizationId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[]; total: number }>().items.map((d) => d.id);
};

describe("archived devices", () => {
  it("are hidden from the device grid and its searches by default, and shown with the filter", async () => {
    expect(await listed("")).toEqual([active]);
    expect(await listed("&builtIn=ALL")).toEqual([active]);
    expect(await listed("&includeArchived=true")).toEqual(expect.arrayContaining([active, archived]));
    expect(await listed("&includeArchived=false")).toEqual([active]);
  });

  it("are left out of the health status counts, as the grid they link to leaves them out", async () => {
    const scoped = (
      await signedInClient(ctx, { permissions: ["devices.read"], organizationIds: [org.organizationId] })
    ).client;
    const res = await scoped.get("/api/devices/health");
    expect(res.statusCode, res.body).toBe(200);
    const health = res.json<{ total: number; agentVersions: { count: number }[] }>();
    expect(health.total).toBe(1);
    expect(health.agentVersions.reduce((n, v) => n + v.count, 0)).toBe(1);
  });

  it("are found by a saved search that includes them, and left out by one that does not", async () => {
    const make = async (name: string, criteria: object) => {
      const res = await admin.post("/api/saved-searches", { name, criteria });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const withArchived = await make("With archived", {
      organizationIds: [org.organizationId],
      includeArchived: true,
    });
    const without = await make("Without archived", { organizationIds: [org.organizationId] });
    expect(await listed(`&groupId=${withArchived}`)).toEqual(expect.arrayContaining([active, archived]));
    expect(await listed(`&groupId=${without}`)).toEqual([active]);
  });

  it("cannot receive jobs: a reboot or a command for one is refused like an unknown device", async () => {
    const reboot = await admin.post(`/api/device/${archived}/power`, { action: "REBOOT" });
    expect(reboot.statusCode).toBe(404);
    expect(reboot.json<{ code: string }>().code).toBe("E_DEVICE_NOT_FOUND");
    const command = await admin.post(`/api/device/${archived}/command`, {
      language: "bash",
      body: "echo hi",
    });
    expect(command.statusCode).toBe(404);
    // The active device beside it still takes jobs.
    expect((await admin.post(`/api/device/${active}/power`, { action: "REBOOT" })).statusCode).toBe(200);
  });
});
