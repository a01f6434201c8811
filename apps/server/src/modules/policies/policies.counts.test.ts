import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyDetail, PolicyListItem } from "@steward/contracts";
import { TestClient } from "../../testing/test-app.js";
import { signedInClient } from "../../testing/test-app.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;
const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };
const windows = { os: { family: "WINDOWS" as const, name: "Windows 11 Pro", version: "10", arch: "x64" } };
let servers: PolicyDetail;
let desktops: PolicyDetail;

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage", "policies.read"],
    devices: {
      a: [{ inventory: linux }, { inventory: linux }, { inventory: windows }],
      b: [{ inventory: linux }, { inventory: linux }],
    },
  }));
  servers = (await admin.post("/api/policies", { name: "Servers", deviceClass: "LINUX_SERVER" })).json();
  desktops = (
    await admin.post("/api/policies", { name: "Desktops", deviceClass: "WINDOWS_WORKSTATION" })
  ).json();
});
afterAll(async () => {
  await ctx.close();
});

async function counts(client: TestClient): Promise<Record<string, number>> {
  const res = await client.get("/api/policies");
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.json<{ items: PolicyListItem[] }>().items.map((p) => [p.name, p.deviceCount]),
  );
}

describe("policy device counts", () => {
  it("count the devices whose effective policy each one is, only in the caller's organizations", async () => {
    expect(await counts(admin)).toMatchObject({
      "Linux Server Default": 4,
      "Windows Workstation Default": 1,
      Servers: 0,
      Desktops: 0,
    });

    // A's location takes Servers; one of B's devices gets it as its own override.
    const location = await admin.put(
      `/api/organizations/${a.organizationId}/locations/${a.locationId}/policy-overrides`,
      { overrides: [{ deviceClass: "LINUX_SERVER", policyId: servers.id }] },
    );
    expect(location.statusCode, location.body).toBe(200);
    await admin.put(`/api/devices/${b.deviceIds[0]}/policy-override`, { policyId: servers.id });

    expect(await counts(admin)).toMatchObject({ "Linux Server Default": 1, Servers: 3 });
    // The technician limited to A sees only A's devices counted.
    expect(await counts(scoped)).toMatchObject({
      "Linux Server Default": 0,
      Servers: 2,
      "Windows Workstation Default": 1,
    });

    // Deleting a policy in use is refused with the count of every device using it.
    const refused = await admin.delete(`/api/policies/${servers.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "E_POLICY_IN_USE", details: { deviceCount: 3 } });
  });
});

describe("bulk policy override that skips devices of other classes", () => {
  it("401 signed out, 403 without devices.manage", async () => {
    const body = { deviceIds: [a.deviceIds[0]], policyId: desktops.id, skipOtherClasses: true };
    expect((await new TestClient(ctx.app).put("/api/device-policy-overrides", body)).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.put("/api/device-policy-overrides", body)).statusCode).toBe(403);
  });

  it("sets the policy on the devices of its class and answers the others as skipped", async () => {
    const [linuxA, , windowsA] = a.deviceIds as [number, number, number];
    const res = await scoped.put("/api/device-policy-overrides", {
      deviceIds: [linuxA, windowsA],
      policyId: desktops.id,
      skipOtherClasses: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 1, skippedDeviceIds: [linuxA] });
    expect((await admin.get(`/api/devices/${windowsA}/effective-policy`)).json()).toMatchObject({
      source: "DEVICE",
      policy: { id: desktops.id },
    });
    expect((await admin.get(`/api/devices/${linuxA}/effective-policy`)).json().source).toBe("LOCATION");

    // Clearing takes every device's override away, whatever its class.
    const cleared = await scoped.put("/api/device-policy-overrides", {
      deviceIds: [linuxA, windowsA],
      policyId: null,
      skipOtherClasses: true,
    });
    expect(cleared.json()).toEqual({ count: 2 });
    expect((await admin.get(`/api/devices/${windowsA}/effective-policy`)).json().source).toBe(
      "CLASS_DEFAULT",
    );
  });

  it("a device of another organization answers like a missing one", async () => {
    const res = await scoped.put("/api/device-policy-overrides", {
      deviceIds: [a.deviceIds[2], b.deviceIds[1]],
      policyId: desktops.id,
      skipOtherClasses: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_DEVICE_NOT_FOUND");
  });
});
