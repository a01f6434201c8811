import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceRole } from "@steward/contracts";
import { builtInDeviceRoles } from "@steward/domain";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

const roles = async () => (await admin.get("/api/noderole/list")).json<DeviceRole[]>();

describe("device roles access", () => {
  it("401 without a session; reading needs devices.read, changing devices.manage", async () => {
    const anonymous = new TestClient(ctx.app);
    for (const url of ["/api/noderole/list", "/api/device-roles"])
      expect((await anonymous.get(url)).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get("/api/noderole/list")).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/noderole/list")).statusCode).toBe(200);
    expect((await reader.get("/api/device-roles")).statusCode).toBe(200);
    const first = (await reader.get("/api/noderole/list")).json()[0].id as number;
    expect((await reader.get(`/api/device-roles/${first}`)).statusCode).toBe(200);
    expect((await none.get(`/api/device-roles/${first}`)).statusCode).toBe(403);
    const create = await reader.post("/api/device-roles", { name: "Kiosk", osFamily: "WINDOWS" });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("E_FORBIDDEN");
    expect((await reader.patch("/api/device-roles/1", { name: "x" })).statusCode).toBe(403);
    expect((await reader.delete("/api/device-roles/1")).statusCode).toBe(403);
  });
});

describe("GET /api/noderole/list", () => {
  it("answers the built-in role set per OS family, then custom roles, with counts", async () => {
    const list = await roles();
    expect(
      list
        .filter((r) => r.builtIn)
        .map((r) => r.name)
        .sort(),
    ).toEqual(builtInDeviceRoles.map((r) => r.name).sort());
    expect(list.find((r) => r.key === "WINDOWS_SERVER")).toMatchObject({
      name: "Windows Server",
      osFamily: "WINDOWS",
      builtIn: true,
      deviceCount: 0,
    });
    expect((await admin.get("/api/device-roles")).json().items).toEqual(list);
  });

  it("gives enrolling devices the role their OS suggests", async () => {
    const org = await createOrganization(ctx);
    await enrollDevice(ctx, org, {
      inventory: { os: { family: "LINUX", name: "Debian GNU/Linux", version: "12", arch: "x64" } },
    });
    await enrollDevice(ctx, org, {
      inventory: {
        os: { family: "WINDOWS", name: "Microsoft Windows Server 2022", version: "10", arch: "x64" },
      },
    });
    const list = await roles();
    expect(list.find((r) => r.key === "LINUX_SERVER")!.deviceCount).toBe(1);
    expect(list.find((r) => r.key === "WINDOWS_SERVER")!.deviceCount).toBe(1);
  });
});

describe("custom device roles", () => {
  it("creates, renames and deletes a custom role; its devices keep no role", async () => {
    const created = await admin.post("/api/device-roles", {
      name: "Kiosk",
      osFamily: "WINDOWS",
      description: "Lobby screens",
    });
    expect(created.statusCode, created.body).toBe(201);
    const kiosk = created.json<DeviceRole>();
    expect(kiosk).toMatchObject({
      name: "Kiosk",
      key: null,
      builtIn: false,
      osFamily: "WINDOWS",
      deviceCount: 0,
    });
    const org = await createOrganization(ctx);
    const device = await enrollDevice(ctx, org);
    expect((await admin.patch(`/api/devices/${device.id}`, { roleId: kiosk.id })).json().roleName).toBe(
      "Kiosk",
    );
    const renamed = await admin.patch(`/api/device-roles/${kiosk.id}`, { name: "Lobby kiosk" });
    expect(renamed.json()).toMatchObject({ name: "Lobby kiosk", deviceCount: 1 });
    expect((await admin.delete(`/api/device-roles/${kiosk.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/devices/${device.id}`)).json()).toMatchObject({
      roleId: null,
      roleName: null,
    });
    expect((await admin.get(`/api/device-roles/${kiosk.id}`)).json().code).toBe("E_DEVICE_ROLE_NOT_FOUND");
  });

  it("refuses duplicate names (any case), changes to built-in roles and bad input", async () => {
    const taken = await admin.post("/api/device-roles", { name: "windows server", osFamily: "WINDOWS" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "E_DEVICE_ROLE_NAME_TAKEN",
      message: 'A role named "windows server" already exists',
    });
    const builtIn = (await roles()).find((r) => r.builtIn)!;
    for (const res of [
      await admin.patch(`/api/device-roles/${builtIn.id}`, { name: "Mine" }),
      await admin.delete(`/api/device-roles/${builtIn.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("E_DEVICE_ROLE_BUILT_IN");
    }
    const empty = await admin.post("/api/device-roles", { name: " ", osFamily: "WINDOWS" });
    expect(empty.json()).toMatchObject({
      code: "E_VALIDATION",
      message: "name: Mandatory value is undefined. Please enter a value.",
    });
    expect((await admin.post("/api/device-roles", { name: "X", osFamily: "AMIGA" })).json().code).toBe(
      "E_VALIDATION",
    );
    expect((await admin.patch("/api/device-roles/999999", { name: "x" })).json().code).toBe(
      "E_DEVICE_ROLE_NOT_FOUND",
    );
  });
});
