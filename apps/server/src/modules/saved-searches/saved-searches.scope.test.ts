import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceSummary } from "@steward/contracts";
import { signedInClient, type TestClient } from "../../testing/test-app.js";
import { addRole, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;
/** A saved search matching the devices of both organizations (their markers share nothing, so by id). */
let searchId: number;

const linux = {
  inventory: { os: { family: "LINUX" as const, name: "Ubuntu", version: "24.04", arch: "x64" } },
};

beforeAll(async () => {
  const devices = [linux, { ...linux, approvalStatus: "PENDING" as const }];
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage", "jobs.run"],
    devices: { a: devices, b: devices },
  }));
  const res = await admin.post("/api/saved-searches", {
    name: "Both scope organizations",
    criteria: { organizationIds: [a.organizationId, b.organizationId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  searchId = res.json().id;
});
afterAll(async () => {
  await ctx.close();
});

const execute = (client: TestClient, action: string, data: Record<string, unknown>) =>
  client.post("/api/search/runner/execute-action", { action, data });
const device = async (id: number) => (await admin.get(`/api/devices/${id}`)).json<DeviceSummary>();

describe("groups and bulk actions within the caller's organizations", () => {
  it("counts a group's devices over the scope", async () => {
    const count = async (client: TestClient) =>
      (await client.get("/api/groups")).json().items.find((g: { id: number }) => g.id === searchId)
        ?.deviceCount;
    expect(await count(scoped)).toBe(2);
    expect(await count(full)).toBe(4);
    expect(await count(admin)).toBe(4);
  });

  it("ADD_TAG and REMOVE_TAG by ids change only the devices in scope", async () => {
    const nodeIds = [a.deviceIds[0], b.deviceIds[0]];
    const res = await execute(scoped, "ADD_TAG", { nodeIds, tag: "bulk" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ matched: 1, count: 1 });
    expect((await device(a.deviceIds[0]!)).tags).toEqual(["bulk"]);
    expect((await device(b.deviceIds[0]!)).tags).toEqual([]);
    const byFull = await execute(full, "ADD_TAG", { nodeIds, tag: "bulk" });
    expect(byFull.json()).toMatchObject({ matched: 2, count: 1 });
    expect((await device(b.deviceIds[0]!)).tags).toEqual(["bulk"]);
    const removed = await execute(scoped, "REMOVE_TAG", { searchId, tag: "bulk" });
    expect(removed.json()).toMatchObject({ matched: 2, count: 1 });
    expect((await device(b.deviceIds[0]!)).tags).toEqual(["bulk"]);
  });

  it("APPROVE over a saved search approves only the organization in scope", async () => {
    const res = await execute(scoped, "APPROVE", { searchId });
    expect(res.json()).toMatchObject({ matched: 2, count: 1 });
    expect((await device(a.deviceIds[1]!)).approvalStatus).toBe("APPROVED");
    expect((await device(b.deviceIds[1]!)).approvalStatus).toBe("PENDING");
  });

  it("RUN_SCRIPT queues jobs only where the caller holds both devices.manage and jobs.run", async () => {
    // devices.manage over A and B, jobs.run over A only.
    const { client, userId } = await signedInClient(ctx, {
      permissions: ["devices.read", "devices.manage"],
      organizationIds: [a.organizationId, b.organizationId],
    });
    await addRole(ctx, userId, ["jobs.run"], [a.organizationId]);
    const script = { script: { name: "Uptime", language: "bash", body: "uptime" } };
    const nodeIds = [a.deviceIds[0], b.deviceIds[0]];
    const res = await execute(client, "RUN_SCRIPT", { nodeIds, ...script });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ matched: 1, count: 1 });
    expect(res.json().jobs.map((j: { nodeId: number }) => j.nodeId)).toEqual([a.deviceIds[0]]);
    // The same user tags both: ADD_TAG needs devices.manage only.
    expect((await execute(client, "ADD_TAG", { nodeIds, tag: "two" })).json()).toMatchObject({ count: 2 });
    const all = await execute(full, "RUN_SCRIPT", { nodeIds, ...script });
    expect(all.json()).toMatchObject({ matched: 2, count: 2 });
  });

  it("DELETE by criteria deletes only the devices in scope", async () => {
    const res = await execute(scoped, "DELETE", { criteria: { organizationIds: [b.organizationId] } });
    expect(res.json()).toMatchObject({ matched: 0, count: 0 });
    expect((await admin.get(`/api/devices/${b.deviceIds[0]}`)).statusCode).toBe(200);
    const mine = await execute(scoped, "DELETE", { searchId });
    expect(mine.json()).toMatchObject({ matched: 2, count: 2 });
    for (const id of a.deviceIds) expect((await admin.get(`/api/devices/${id}`)).statusCode).toBe(404);
    for (const id of b.deviceIds) expect((await admin.get(`/api/devices/${id}`)).statusCode).toBe(200);
  });
});
