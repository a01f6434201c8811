import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const action = (body: unknown) => admin.post("/api/search/runner/execute-action", body);

describe("saved searches access", () => {
  it("401 without a session, 403 without the permission", async () => {
    const anonymous = new TestClient(ctx.app);
    for (const url of ["/api/searches", "/api/saved-searches", "/api/groups"])
      expect((await anonymous.get(url)).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    for (const url of ["/api/searches", "/api/saved-searches", "/api/groups"])
      expect((await none.get(url)).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    for (const url of ["/api/searches", "/api/saved-searches", "/api/groups"])
      expect((await reader.get(url)).statusCode).toBe(200);
    const mine = (await admin.post("/api/saved-searches", { criteria: { status: ["UP"] } })).json()
      .id as number;
    expect((await reader.get(`/api/saved-searches/${mine}`)).statusCode).toBe(200);
    expect((await none.get(`/api/saved-searches/${mine}`)).statusCode).toBe(403);
    expect((await reader.post("/api/saved-searches", {})).statusCode).toBe(403);
    expect((await reader.patch("/api/saved-searches/1", {})).statusCode).toBe(403);
    expect((await reader.delete("/api/saved-searches/1")).statusCode).toBe(403);
    const run = await reader.post("/api/search/runner/execute-action", {
      action: "APPROVE",
      data: { nodeIds: [1] },
    });
    expect(run.statusCode).toBe(403);
    expect(run.json().code).toBe("E_FORBIDDEN");
  });
});

describe("GET /api/searches (the seed's shape)", () => {
  it("answers id, criteria, search, customFields as a JSON string, action, and merges customFields' keys", async () => {
    const created = await admin.post("/api/saved-searches", {
      name: "Down servers",
      criteria: { status: ["DOWN"], osFamilies: ["WINDOWS"] },
      search: "srv",
      action: "APPROVE",
      customFields: { color: "red", pinned: true, id: 999 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({
      name: "Down servers",
      customFields: { color: "red", pinned: true, id: 999 },
    });
    const list = (await admin.get("/api/searches")).json() as Record<string, unknown>[];
    const item = list.find((s) => s.id === id)!;
    expect(item).toEqual({
      id,
      criteria: { status: ["DOWN"], osFamilies: ["WINDOWS"] },
      search: "srv",
      customFields: expect.any(String),
      action: "APPROVE",
      color: "red",
      pinned: true,
      name: "Down servers",
    });
    // The item's own id wins over the merged key; the string keeps every extra property and the name.
    expect(JSON.parse(item.customFields as string)).toEqual({
      color: "red",
      pinned: true,
      id: 999,
      name: "Down servers",
    });
  });

  it("lists groups (saved searches with a name) and keeps unnamed searches out of them", async () => {
    const unnamed = await admin.post("/api/saved-searches", { criteria: { builtIn: "UP" } });
    expect(unnamed.json().name).toBeNull();
    const groups = (await admin.get("/api/groups")).json().items as { id: number; name: string }[];
    expect(groups.map((g) => g.name)).toContain("Down servers");
    expect(groups.map((g) => g.id)).not.toContain(unnamed.json().id);
    expect((await admin.get("/api/saved-searches")).json().items.map((s: { id: number }) => s.id)).toContain(
      unnamed.json().id,
    );
  });

  it("counts each group's devices as its page lists them", async () => {
    const place = await createOrganization(ctx);
    await enrollDevice(ctx, place);
    await enrollDevice(ctx, place);
    const created = await admin.post("/api/saved-searches", {
      name: "Counted",
      criteria: { organizationIds: [place.organizationId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groups = (await admin.get("/api/groups")).json().items as { name: string; deviceCount: number }[];
    expect(groups.find((g) => g.name === "Counted")?.deviceCount).toBe(2);
    const listed = await admin.get(`/api/devices?groupId=${created.json().id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().total).toBe(2);
  });
});

describe("saved searches CRUD", () => {
  it("updates and deletes; names are unique in any case; criteria are checked", async () => {
    const created = (
      await admin.post("/api/saved-searches", { name: "Macs", criteria: { osFamilies: ["MAC"] } })
    ).json();
    const updated = await admin.patch(`/api/saved-searches/${created.id}`, {
      name: "All Macs",
      criteria: { osFamilies: ["MAC"], status: ["UP"] },
    });
    expect(updated.json()).toMatchObject({
      name: "All Macs",
      criteria: { osFamilies: ["MAC"], status: ["UP"] },
    });
    const dup = await admin.post("/api/saved-searches", { name: "all macs" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: "E_SAVED_SEARCH_NAME_TAKEN",
      message: 'A saved search named "all macs" already exists',
    });
    for (const body of [
      { criteria: { status: ["SIDEWAYS"] } },
      { criteria: { groupId: created.id } },
      { criteria: { nope: 1 } },
      { action: "FORMAT_DISKS" },
    ]) {
      const res = await admin.post("/api/saved-searches", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
    expect((await admin.delete(`/api/saved-searches/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/saved-searches/${created.id}`)).json().code).toBe(
      "E_SAVED_SEARCH_NOT_FOUND",
    );
    expect((await admin.delete(`/api/saved-searches/${created.id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/search/runner/execute-action", () => {
  it("runs SET_ROLE, ADD_TAG, REMOVE_TAG, APPROVE and DELETE over a search's devices or ids, answering counts", async () => {
    const place = await createOrganization(ctx);
    const a = await enrollDevice(ctx, place, { approvalStatus: "PENDING" });
    const b = await enrollDevice(ctx, place, { approvalStatus: "PENDING" });
    const mac = await enrollDevice(ctx, place, {
      inventory: { os: { family: "MAC", name: "macOS", version: "15", arch: "arm64" } },
    });
    const search = (
      await admin.post("/api/saved-searches", {
        name: `Place ${place.organizationId}`,
        criteria: { organizationIds: [place.organizationId] },
      })
    ).json();

    const tagged = await action({ action: "ADD_TAG", data: { searchId: search.id, tag: "rollout" } });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toEqual({ resultCode: "SUCCESS", action: "ADD_TAG", matched: 3, count: 3 });
    expect(
      (await action({ action: "ADD_TAG", data: { searchId: search.id, tag: "rollout" } })).json().count,
    ).toBe(0);
    const withTag = (await admin.get("/api/devices", { query: { tags: "rollout" } })).json();
    expect(withTag.total).toBe(3);

    const removed = await action({ action: "REMOVE_TAG", data: { nodeIds: [a.id], tag: "rollout" } });
    expect(removed.json()).toMatchObject({ matched: 1, count: 1 });

    const laptop = ((await admin.get("/api/noderole/list")).json() as { id: number; key: string }[]).find(
      (r) => r.key === "WINDOWS_LAPTOP",
    )!;
    const roled = await action({ action: "SET_ROLE", data: { searchId: search.id, roleId: laptop.id } });
    expect(roled.json()).toMatchObject({ matched: 3, count: 2 }); // the Mac is not a Windows device
    expect((await admin.get(`/api/devices/${b.id}`)).json().roleName).toBe("Windows Laptop");

    const approved = await action({
      action: "APPROVE",
      data: { criteria: { organizationIds: [place.organizationId], approval: ["PENDING"] } },
    });
    expect(approved.json()).toMatchObject({ matched: 2, count: 2 });
    expect(
      (await admin.get(`/api/devices/${a.id}/activities`)).json().items.map((x: { type: string }) => x.type),
    ).toContain("APPROVED");

    const deleted = await action({
      action: "DELETE",
      data: { searchId: search.id, nodeIds: [mac.id, a.id] },
    });
    expect(deleted.json()).toMatchObject({ matched: 2, count: 2 });
    expect(
      (await admin.get("/api/devices", { query: { organizationId: String(place.organizationId) } })).json()
        .total,
    ).toBe(1);
  });

  it("checks the action's data with the spec's tag messages and needs a target", async () => {
    const device = await enrollDevice(ctx, org);
    const bad = await action({ action: "ADD_TAG", data: { nodeIds: [device.id], tag: "has space" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "E_TAG_INVALID", message: "Tag cannot contain spaces" });
    const comma = await action({ action: "ADD_TAG", data: { nodeIds: [device.id], tag: "a,b" } });
    expect(comma.json().message).toBe("Tag cannot contain commas");
    const noTag = await action({ action: "ADD_TAG", data: { nodeIds: [device.id] } });
    expect(noTag.json()).toMatchObject({
      code: "E_VALIDATION",
      message: expect.stringMatching(/^data\.tag: /),
    });
    const noTarget = await action({ action: "APPROVE", data: {} });
    expect(noTarget.json()).toMatchObject({
      code: "E_VALIDATION",
      message: "data: give nodeIds, searchId or criteria",
    });
    expect((await action({ action: "FORMAT_DISKS", data: { nodeIds: [1] } })).json().code).toBe(
      "E_VALIDATION",
    );
    expect((await action({ action: "APPROVE", data: { searchId: 999999 } })).json().code).toBe(
      "E_SAVED_SEARCH_NOT_FOUND",
    );
    expect(
      (await action({ action: "SET_ROLE", data: { nodeIds: [device.id], roleId: 999999 } })).json().code,
    ).toBe("E_DEVICE_ROLE_NOT_FOUND");
  });
});
