import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyDetail } from "@steward/contracts";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;
let policy: PolicyDetail;
const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };
let roleId: number;

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: [
      "organizations.read",
      "organizations.write",
      "devices.read",
      "devices.manage",
      "policies.read",
    ],
    devices: { a: [{ inventory: linux }], b: [{ inventory: linux }] },
  }));
  policy = (await admin.post("/api/policies", { name: "Servers", deviceClass: "LINUX_SERVER" })).json();
  roleId = (await admin.get("/api/device-roles"))
    .json()
    .items.find((r: { key: string }) => r.key === "LINUX_SERVER").id;
  for (const org of [a, b]) {
    const res = await admin.put(`/api/organizations/${org.organizationId}/policy-assignments`, {
      assignments: [{ roleId, policyId: policy.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe("policy assignments with a technician limited to organization A", () => {
  it("reads and changes A's assignments; B's answer like an organization that does not exist", async () => {
    expect((await scoped.get(`/api/organizations/${a.organizationId}/policy-assignments`)).statusCode).toBe(
      200,
    );
    const ofB = await scoped.get(`/api/organizations/${b.organizationId}/policy-assignments`);
    const missing = await scoped.get("/api/organizations/2000000000/policy-assignments");
    expect([ofB.statusCode, ofB.json().code]).toEqual([missing.statusCode, missing.json().code]);
    expect(ofB.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    expect(ofB.body).not.toContain("Servers");

    const clearB = await scoped.put(`/api/organizations/${b.organizationId}/policy-assignments`, {
      assignments: [],
    });
    expect(clearB.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    const stillB = (await admin.get(`/api/organizations/${b.organizationId}/policy-assignments`)).json();
    expect(stillB.items.find((i: { roleId: number }) => i.roleId === roleId).policyId).toBe(policy.id);

    const locB = await scoped.put(
      `/api/organizations/${b.organizationId}/locations/${b.locationId}/policy-overrides`,
      { overrides: [] },
    );
    expect(locB.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
  });

  it("sees and overrides only A's devices", async () => {
    const [deviceA] = a.deviceIds;
    const [deviceB] = b.deviceIds;
    expect((await scoped.get(`/api/devices/${deviceA}/effective-policy`)).json()).toMatchObject({
      source: "ORGANIZATION_ROLE",
      policy: { id: policy.id },
    });
    expect((await scoped.get(`/api/devices/${deviceB}/effective-policy`)).json().code).toBe(
      "E_DEVICE_NOT_FOUND",
    );
    const single = await scoped.put(`/api/devices/${deviceB}/policy-override`, { policyId: null });
    expect(single.json().code).toBe("E_DEVICE_NOT_FOUND");
    const bulk = await scoped.put("/api/device-policy-overrides", {
      deviceIds: [deviceA, deviceB],
      policyId: policy.id,
    });
    expect(bulk.json().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await admin.get(`/api/devices/${deviceA}/effective-policy`)).json().source).toBe(
      "ORGANIZATION_ROLE",
    );
    const own = await scoped.put("/api/device-policy-overrides", {
      deviceIds: [deviceA],
      policyId: policy.id,
    });
    expect(own.json()).toEqual({ count: 1 });
  });
});
