import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceRole } from "@steward/contracts";
import type { TestClient } from "../../testing/test-app.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;
let role: DeviceRole;

beforeAll(async () => {
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage"],
    devices: { a: [{}], b: [{}, {}] },
  }));
  const created = await admin.post("/api/device-roles", { name: "Kiosk", osFamily: "WINDOWS" });
  expect(created.statusCode, created.body).toBe(201);
  role = created.json<DeviceRole>();
  const taken = await admin.post("/api/search/runner/execute-action", {
    action: "SET_ROLE",
    data: { nodeIds: [...a.deviceIds, ...b.deviceIds], roleId: role.id },
  });
  expect(taken.json()).toMatchObject({ count: 3 });
});
afterAll(async () => {
  await ctx.close();
});

describe("device roles (global) with organization-scoped callers", () => {
  it("counts a role's devices over the caller's organizations only", async () => {
    const count = async (client: TestClient) =>
      (await client.get(`/api/device-roles/${role.id}`)).json().deviceCount;
    expect(await count(scoped)).toBe(1);
    expect(await count(full)).toBe(3);
    expect(await count(admin)).toBe(3);
    const listed = (await scoped.get("/api/device-roles"))
      .json()
      .items.find((r: DeviceRole) => r.id === role.id);
    expect(listed.deviceCount).toBe(1);
    const seed = (await scoped.get("/api/noderole/list")).json().find((r: DeviceRole) => r.id === role.id);
    expect(seed.deviceCount).toBe(1);
  });

  it("creating, changing and deleting a role needs devices.manage over every organization", async () => {
    const create = await scoped.post("/api/device-roles", { name: "Scoped role", osFamily: "LINUX" });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("E_FORBIDDEN");
    const update = await scoped.patch(`/api/device-roles/${role.id}`, { name: "Renamed" });
    expect(update.statusCode).toBe(403);
    const remove = await scoped.delete(`/api/device-roles/${role.id}`);
    expect(remove.statusCode).toBe(403);
    const after = (await admin.get(`/api/device-roles/${role.id}`)).json();
    expect(after).toMatchObject({ name: "Kiosk", deviceCount: 3 });
    const names = (await admin.get("/api/device-roles")).json().items.map((r: DeviceRole) => r.name);
    expect(names).not.toContain("Scoped role");
    const renamed = await full.patch(`/api/device-roles/${role.id}`, { name: "Kiosk 2" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Kiosk 2", deviceCount: 3 });
  });
});
