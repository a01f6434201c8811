import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { EffectivePolicy, PolicyDetail, PolicySummary } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let defaults: PolicySummary[];

const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };
const windowsDesktop = {
  os: { family: "WINDOWS" as const, name: "Windows 11 Pro", version: "10", arch: "x64" },
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  defaults = (await admin.get("/api/policies"))
    .json<{ items: PolicySummary[] }>()
    .items.filter((p) => p.isDefault);
});
afterAll(async () => {
  await ctx.close();
});

const defaultOf = (deviceClass: string) => defaults.find((p) => p.deviceClass === deviceClass)!;

async function createPolicy(body: Record<string, unknown>): Promise<PolicyDetail> {
  const res = await admin.post("/api/policies", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PolicyDetail>();
}
const getPolicy = async (id: number) => (await admin.get(`/api/policies/${id}`)).json<PolicyDetail>();
const effective = async (deviceId: number) =>
  (await admin.get(`/api/devices/${deviceId}/effective-policy`)).json<EffectivePolicy>();
const roleId = async (key: string) =>
  (await admin.get("/api/device-roles"))
    .json<{ items: { id: number; key: string | null }[] }>()
    .items.find((r) => r.key === key)!.id;

describe("policies access", () => {
  it("401 signed out; reading needs policies.read, changing policies.manage, assigning the organization's or device's permission", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/policies")).statusCode).toBe(401);
    const org = await createOrganization(ctx);
    const device = await enrollDevice(ctx, org, { inventory: linux });
    const none = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await none.get("/api/policies")).statusCode).toBe(403);
    expect((await none.get(`/api/policies/${defaultOf("MAC").id}`)).statusCode).toBe(403);
    expect((await none.post("/api/policies", { name: "X", deviceClass: "MAC" })).statusCode).toBe(403);
    expect((await none.get(`/api/organizations/${org.organizationId}/policy-assignments`)).statusCode).toBe(
      403,
    );
    expect((await none.get(`/api/devices/${device.id}/effective-policy`)).statusCode).toBe(200);
    expect((await none.put(`/api/devices/${device.id}/policy-override`, { policyId: null })).statusCode).toBe(
      403,
    );

    const reader = (await signedInClient(ctx, { permissions: ["policies.read", "organizations.read"] }))
      .client;
    expect((await reader.get("/api/policies")).statusCode).toBe(200);
    expect((await reader.get(`/api/policies/${defaultOf("MAC").id}`)).statusCode).toBe(200);
    const denied = await reader.post("/api/policies", { name: "X", deviceClass: "MAC" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("E_FORBIDDEN");
    expect((await reader.patch(`/api/policies/${defaultOf("MAC").id}`, { name: "Mine" })).statusCode).toBe(
      403,
    );
    expect((await reader.delete(`/api/policies/${defaultOf("MAC").id}`)).statusCode).toBe(403);
    expect((await reader.get(`/api/organizations/${org.organizationId}/policy-assignments`)).statusCode).toBe(
      200,
    );
    expect(
      (await reader.put(`/api/organizations/${org.organizationId}/policy-assignments`, { assignments: [] }))
        .statusCode,
    ).toBe(403);

    const manager = (await signedInClient(ctx, { permissions: ["policies.read", "policies.manage"] })).client;
    expect((await manager.post("/api/policies", { name: "Managed", deviceClass: "MAC" })).statusCode).toBe(
      201,
    );
  });

  it("the built-in roles grant the policy permissions", async () => {
    const r = (await ctx.deps.db.execute(
      sql`select name, permissions from technician_roles where is_built_in order by name`,
    )) as unknown as { rows: { name: string; permissions: string[] }[] };
    const of = (name: string) => r.rows.find((x) => x.name === name)!.permissions;
    expect(of("Full access")).toEqual(expect.arrayContaining(["policies.read", "policies.manage"]));
    expect(of("Read only")).toContain("policies.read");
    expect(of("Read only")).not.toContain("policies.manage");
  });
});

describe("policies", () => {
  it("seeds one Default policy per class that cannot be deleted", async () => {
    expect(defaults.map((p) => p.deviceClass).sort()).toEqual([
      "LINUX_SERVER",
      "LINUX_WORKSTATION",
      "MAC",
      "WINDOWS_SERVER",
      "WINDOWS_WORKSTATION",
    ]);
    const res = await admin.delete(`/api/policies/${defaultOf("LINUX_SERVER").id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "E_POLICY_DEFAULT_UNDELETABLE",
      message: "Default policies cannot be deleted",
    });
  });

  it("creates, reads, renames, copies and deletes a policy; every change is audited", async () => {
    const created = await createPolicy({
      name: "Kiosks",
      description: "Lobby screens",
      deviceClass: "WINDOWS_WORKSTATION",
      items: { agentSettings: { heartbeatSeconds: 30 } },
    });
    expect(created).toMatchObject({
      name: "Kiosks",
      deviceClass: "WINDOWS_WORKSTATION",
      parentId: null,
      isDefault: false,
      enabled: true,
      version: 1,
      items: { agentSettings: { heartbeatSeconds: 30 } },
    });
    expect(created.effective.agentSettings).toEqual({
      heartbeatSeconds: {
        value: 30,
        state: "OVERRIDDEN",
        sourcePolicyId: created.id,
        sourcePolicyName: "Kiosks",
      },
      metricIntervalSeconds: { value: 60, state: "INHERITED", sourcePolicyId: null, sourcePolicyName: null },
    });
    const renamed = await admin.patch(`/api/policies/${created.id}`, { name: "Lobby kiosks" });
    expect(renamed.json()).toMatchObject({ name: "Lobby kiosks", version: 1 });
    const copy = await admin.post(`/api/policies/${created.id}/copy`, { name: "Lobby kiosks 2" });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "Lobby kiosks 2",
      deviceClass: "WINDOWS_WORKSTATION",
      isDefault: false,
      items: { agentSettings: { heartbeatSeconds: 30 } },
    });
    const list = (await admin.get("/api/policies", { query: { deviceClass: "WINDOWS_WORKSTATION" } })).json<{
      items: PolicySummary[];
    }>().items;
    expect(list.map((p) => p.name)).toEqual(
      expect.arrayContaining(["Lobby kiosks", "Lobby kiosks 2", "Windows Workstation Default"]),
    );
    expect(list.every((p) => p.deviceClass === "WINDOWS_WORKSTATION")).toBe(true);
    expect((await admin.delete(`/api/policies/${copy.json<PolicyDetail>().id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/policies/${copy.json<PolicyDetail>().id}`)).json()).toMatchObject({
      code: "E_POLICY_NOT_FOUND",
      message: "Policy not found",
    });
    const actions = (await ctx.deps.db.execute(
      sql`select action from audit_events where target_type = 'policy' order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(actions.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(["policy.create", "policy.update", "policy.copy", "policy.delete"]),
    );
  });

  it("refuses a taken name in the class (any case), bad items at the item, and a parent of another class or below", async () => {
    await createPolicy({ name: "Build servers", deviceClass: "LINUX_SERVER" });
    const taken = await admin.post("/api/policies", { name: "BUILD SERVERS", deviceClass: "LINUX_SERVER" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "E_POLICY_NAME_TAKEN",
      message: 'A policy named "BUILD SERVERS" already exists for this device class',
    });
    // The same name in another class is another policy.
    await createPolicy({ name: "Build servers", deviceClass: "WINDOWS_SERVER" });

    const bad = await admin.post("/api/policies", {
      name: "Fast",
      deviceClass: "MAC",
      items: { agentSettings: { metricIntervalSeconds: 5 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "E_VALIDATION",
      message: "items.agentSettings.metricIntervalSeconds: Value must be greater than or equal to 15",
    });
    const unknown = await admin.post("/api/policies", {
      name: "X",
      deviceClass: "MAC",
      items: { weather: {} },
    });
    expect(unknown.json().message).toBe('items.weather: There is no policy section "weather"');
    const empty = await admin.post("/api/policies", { name: " ", deviceClass: "MAC" });
    expect(empty.json().message).toBe("name: Mandatory value is undefined. Please enter a value.");

    const otherClass = await admin.post("/api/policies", {
      name: "Mixed",
      deviceClass: "MAC",
      parentId: defaultOf("LINUX_SERVER").id,
    });
    expect(otherClass.statusCode).toBe(400);
    expect(otherClass.json()).toMatchObject({
      code: "E_POLICY_PARENT_INVALID",
      message: "A policy inherits only from a policy of the same device class",
    });
    const top = await createPolicy({ name: "Top", deviceClass: "MAC" });
    const below = await createPolicy({ name: "Below", deviceClass: "MAC", parentId: top.id });
    const cycle = await admin.patch(`/api/policies/${top.id}`, { parentId: below.id });
    expect(cycle.json()).toMatchObject({
      code: "E_POLICY_PARENT_INVALID",
      message: "A policy cannot inherit from itself or from a policy that inherits from it",
    });
    expect((await admin.patch(`/api/policies/${top.id}`, { parentId: top.id })).json().code).toBe(
      "E_POLICY_PARENT_INVALID",
    );
    expect((await admin.patch("/api/policies/999999", { name: "x" })).json().code).toBe("E_POLICY_NOT_FOUND");
  });

  it("children inherit until they override; a parent's change moves its version and every non-overriding descendant's", async () => {
    const root = await createPolicy({ name: "Root", deviceClass: "LINUX_WORKSTATION" });
    const child = await createPolicy({ name: "Child", deviceClass: "LINUX_WORKSTATION", parentId: root.id });
    const shielded = await createPolicy({
      name: "Shielded",
      deviceClass: "LINUX_WORKSTATION",
      parentId: root.id,
      items: { agentSettings: { heartbeatSeconds: 20 } },
    });
    const grandchild = await createPolicy({
      name: "Grandchild",
      deviceClass: "LINUX_WORKSTATION",
      parentId: child.id,
    });
    const changed = await admin.patch(`/api/policies/${root.id}`, {
      items: { agentSettings: { heartbeatSeconds: 45 } },
    });
    expect(changed.json()).toMatchObject({ version: 2 });
    const g = await getPolicy(grandchild.id);
    expect(g.version).toBe(2);
    expect(g.effective.agentSettings!.heartbeatSeconds).toEqual({
      value: 45,
      state: "INHERITED",
      sourcePolicyId: root.id,
      sourcePolicyName: "Root",
    });
    expect((await getPolicy(child.id)).version).toBe(2);
    // The child that overrides the item sees no change, so its version stays.
    const s = await getPolicy(shielded.id);
    expect(s).toMatchObject({ version: 1 });
    expect(s.effective.agentSettings!.heartbeatSeconds).toMatchObject({ value: 20, state: "OVERRIDDEN" });
    // A rename changes no effective value.
    expect((await admin.patch(`/api/policies/${root.id}`, { name: "Root 2" })).json().version).toBe(2);

    // Revert: the shielded child inherits again.
    const reverted = await admin.post(`/api/policies/${shielded.id}/revert`, {
      section: "agentSettings",
      item: "heartbeatSeconds",
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json<PolicyDetail>().effective.agentSettings!.heartbeatSeconds).toMatchObject({
      value: 45,
      state: "INHERITED",
      sourcePolicyId: root.id,
    });
    expect(reverted.json()).toMatchObject({ version: 2, items: {} });

    // Deleting the middle policy moves its children up without changing what they enforce.
    await admin.patch(`/api/policies/${child.id}`, {
      items: { agentSettings: { metricIntervalSeconds: 120 } },
    });
    const before = await getPolicy(grandchild.id);
    expect((await admin.delete(`/api/policies/${child.id}`)).statusCode).toBe(204);
    const after = await getPolicy(grandchild.id);
    expect(after.parentId).toBe(root.id);
    expect(after.effective.agentSettings!.metricIntervalSeconds!.value).toBe(120);
    expect(after.version).toBe(before.version);
  });
});

describe("assignment and the effective policy", () => {
  it("device override > location override > organization's policy for the role > class default, with where it came from", async () => {
    const org = await createOrganization(ctx);
    const device = await enrollDevice(ctx, org, { inventory: linux });
    let now = await effective(device.id);
    expect(now).toMatchObject({
      deviceClass: "LINUX_SERVER",
      source: "CLASS_DEFAULT",
      policy: { id: defaultOf("LINUX_SERVER").id, isDefault: true, enabled: true },
      enforced: true,
    });
    expect(now.sections.agentSettings!.heartbeatSeconds).toMatchObject({ value: 60, state: "INHERITED" });

    const byRole = await createPolicy({ name: "Org servers", deviceClass: "LINUX_SERVER" });
    const byLocation = await createPolicy({ name: "Branch servers", deviceClass: "LINUX_SERVER" });
    const own = await createPolicy({
      name: "This server",
      deviceClass: "LINUX_SERVER",
      items: { agentSettings: { heartbeatSeconds: 15 } },
    });
    const put = await admin.put(`/api/organizations/${org.organizationId}/policy-assignments`, {
      assignments: [{ roleId: await roleId("LINUX_SERVER"), policyId: byRole.id }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().items.find((i: { roleKey: string }) => i.roleKey === "LINUX_SERVER")).toMatchObject({
      policyId: byRole.id,
      policyName: "Org servers",
    });
    now = await effective(device.id);
    expect(now).toMatchObject({ source: "ORGANIZATION_ROLE", policy: { id: byRole.id } });

    const loc = await admin.put(
      `/api/organizations/${org.organizationId}/locations/${org.locationId}/policy-overrides`,
      {
        overrides: [{ deviceClass: "LINUX_SERVER", policyId: byLocation.id }],
      },
    );
    expect(loc.statusCode, loc.body).toBe(200);
    expect((await effective(device.id)).source).toBe("LOCATION");

    const set = await admin.put(`/api/devices/${device.id}/policy-override`, { policyId: own.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      source: "DEVICE",
      policy: { id: own.id, name: "This server" },
      version: 1,
    });
    expect(set.json<EffectivePolicy>().sections.agentSettings!.heartbeatSeconds).toMatchObject({
      value: 15,
      state: "OVERRIDDEN",
      sourcePolicyName: "This server",
    });

    // Deleting a policy in use is refused with the count; clearing the override falls back a level.
    const inUse = await admin.delete(`/api/policies/${own.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: "E_POLICY_IN_USE",
      message: "The policy is used by 1 device: assign it another policy first",
      details: { deviceCount: 1 },
    });
    await admin.put(`/api/devices/${device.id}/policy-override`, { policyId: null });
    expect((await effective(device.id)).policy!.id).toBe(byLocation.id);
    expect((await admin.delete(`/api/policies/${own.id}`)).statusCode).toBe(204);

    // A disabled policy stays assigned but is not enforced.
    await admin.patch(`/api/policies/${byLocation.id}`, { enabled: false });
    expect(await effective(device.id)).toMatchObject({
      source: "LOCATION",
      policy: { id: byLocation.id, enabled: false },
      enforced: false,
      version: 2,
    });
  });

  it("offers only policies of the device's class; bulk overrides count their devices and refuse a missing one", async () => {
    const org = await createOrganization(ctx);
    const server = await enrollDevice(ctx, org, { inventory: linux });
    const desktop = await enrollDevice(ctx, org, { inventory: windowsDesktop });
    const mac = await createPolicy({ name: "Macs", deviceClass: "MAC" });
    const wrong = await admin.put(`/api/devices/${server.id}/policy-override`, { policyId: mac.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "E_POLICY_CLASS_MISMATCH",
      message: 'The policy "Macs" is not for this device class',
    });
    const roleWrong = await admin.put(`/api/organizations/${org.organizationId}/policy-assignments`, {
      assignments: [{ roleId: await roleId("WINDOWS_DESKTOP"), policyId: mac.id }],
    });
    expect(roleWrong.json()).toMatchObject({
      code: "E_POLICY_CLASS_MISMATCH",
      message: `The policy "Macs" is not for the role's operating system`,
    });
    const locWrong = await admin.put(
      `/api/organizations/${org.organizationId}/locations/${org.locationId}/policy-overrides`,
      { overrides: [{ deviceClass: "LINUX_SERVER", policyId: mac.id }] },
    );
    expect(locWrong.json().code).toBe("E_POLICY_CLASS_MISMATCH");

    const desktops = await createPolicy({ name: "Desktops", deviceClass: "WINDOWS_WORKSTATION" });
    const bulk = await admin.put("/api/device-policy-overrides", {
      deviceIds: [desktop.id],
      policyId: desktops.id,
    });
    expect(bulk.json()).toEqual({ count: 1 });
    expect((await effective(desktop.id)).source).toBe("DEVICE");
    const mixed = await admin.put("/api/device-policy-overrides", {
      deviceIds: [desktop.id, server.id],
      policyId: desktops.id,
    });
    expect(mixed.json().code).toBe("E_POLICY_CLASS_MISMATCH");
    const missing = await admin.put("/api/device-policy-overrides", {
      deviceIds: [desktop.id, 999999],
      policyId: null,
    });
    expect(missing.json().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await effective(desktop.id)).source).toBe("DEVICE");
    const cleared = await admin.put("/api/device-policy-overrides", {
      deviceIds: [desktop.id],
      policyId: null,
    });
    expect(cleared.json()).toEqual({ count: 1 });
    expect((await effective(desktop.id)).source).toBe("CLASS_DEFAULT");
  });
});
