import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  agent as proto,
  DynamicPolicyList,
  DynamicPolicyView,
  EffectivePolicy,
} from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;

const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
async function create(body: Record<string, unknown>): Promise<DynamicPolicyView> {
  const res = await admin.post("/api/dynamic-policies", { name: `Dynamic ${++counter}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DynamicPolicyView>();
}
const listOf = async (deviceClass: string) =>
  (await admin.get("/api/dynamic-policies", { query: { deviceClass } })).json<DynamicPolicyList>().items;
const effective = async (deviceId: number) =>
  (await admin.get(`/api/devices/${deviceId}/effective-policy`)).json<EffectivePolicy>();

describe("dynamic policies access", () => {
  it("401 signed out; reading needs policies.read, changing policies.manage", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/dynamic-policies")).statusCode).toBe(401);
    expect(
      (await anonymous.post("/api/dynamic-policies", { name: "X", deviceClass: "MAC" })).statusCode,
    ).toBe(401);

    const none = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await none.get("/api/dynamic-policies")).statusCode).toBe(403);
    const existing = await create({ deviceClass: "MAC" });
    expect((await none.get(`/api/dynamic-policies/${existing.id}`)).statusCode).toBe(403);

    const reader = (await signedInClient(ctx, { permissions: ["policies.read"] })).client;
    expect((await reader.get("/api/dynamic-policies")).statusCode).toBe(200);
    expect((await reader.get(`/api/dynamic-policies/${existing.id}`)).statusCode).toBe(200);
    const denied = await reader.post("/api/dynamic-policies", { name: "X", deviceClass: "MAC" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("E_FORBIDDEN");
    expect((await reader.patch(`/api/dynamic-policies/${existing.id}`, { name: "Y" })).statusCode).toBe(403);
    expect((await reader.delete(`/api/dynamic-policies/${existing.id}`)).statusCode).toBe(403);
    expect(
      (await reader.put("/api/dynamic-policies/order", { deviceClass: "MAC", ids: [existing.id] }))
        .statusCode,
    ).toBe(403);

    const manager = (await signedInClient(ctx, { permissions: ["policies.read", "policies.manage"] })).client;
    const made = await manager.post("/api/dynamic-policies", { name: "By a manager", deviceClass: "MAC" });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await manager.delete(`/api/dynamic-policies/${made.json<DynamicPolicyView>().id}`)).statusCode,
    ).toBe(204);
    expect((await manager.delete(`/api/dynamic-policies/${existing.id}`)).statusCode).toBe(204);
    expect((await manager.get(`/api/dynamic-policies/${existing.id}`)).json().code).toBe(
      "E_DYNAMIC_POLICY_NOT_FOUND",
    );
  });
});

describe("dynamic policies CRUD and order", () => {
  it("creates with sections and criteria, comes last in its class, edits, refuses a taken name", async () => {
    const a = await create({
      deviceClass: "WINDOWS_SERVER",
      criteria: { tags: ["sql"] },
      sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 30 } } },
    });
    const b = await create({ deviceClass: "WINDOWS_SERVER" });
    expect([a.priority, b.priority]).toEqual([1, 2]);
    expect(a).toMatchObject({
      enabled: true,
      criteria: { tags: ["sql"] },
      sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 30 } } },
      version: 1,
      deviceCount: 0,
    });
    const edited = await admin.patch(`/api/dynamic-policies/${a.id}`, { enabled: false, description: "Off" });
    expect(edited.json<DynamicPolicyView>()).toMatchObject({
      enabled: false,
      description: "Off",
      version: 2,
    });
    const taken = await admin.post("/api/dynamic-policies", {
      name: a.name.toUpperCase(),
      deviceClass: "WINDOWS_SERVER",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("E_DYNAMIC_POLICY_NAME_TAKEN");
    // The same name in another class is another policy.
    expect((await admin.post("/api/dynamic-policies", { name: a.name, deviceClass: "MAC" })).statusCode).toBe(
      201,
    );
  });

  it("refuses unknown sections, bad items and criteria naming a missing saved search, at their fields", async () => {
    const res = await admin.post("/api/dynamic-policies", {
      name: "Bad",
      deviceClass: "MAC",
      sections: {
        nope: { configure: true, items: {} },
        agentSettings: { configure: true, items: { heartbeatSeconds: 1 } },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
    expect(JSON.stringify(res.json().details)).toContain("agentSettings");
    const group = await admin.post("/api/dynamic-policies", {
      name: "Group",
      deviceClass: "MAC",
      criteria: { groupId: 2_000_000_000 },
    });
    expect(group.statusCode).toBe(404);
    expect(group.json().code).toBe("E_SAVED_SEARCH_NOT_FOUND");
  });

  it("reorders a class only with every one of its policies listed once; deleting closes the gap", async () => {
    const [x, y, z] = [
      await create({ deviceClass: "LINUX_WORKSTATION" }),
      await create({ deviceClass: "LINUX_WORKSTATION" }),
      await create({ deviceClass: "LINUX_WORKSTATION" }),
    ];
    const bad = await admin.put("/api/dynamic-policies/order", {
      deviceClass: "LINUX_WORKSTATION",
      ids: [z!.id, x!.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("E_DYNAMIC_POLICY_ORDER_INVALID");
    const ok = await admin.put("/api/dynamic-policies/order", {
      deviceClass: "LINUX_WORKSTATION",
      ids: [z!.id, x!.id, y!.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await listOf("LINUX_WORKSTATION")).map((p) => [p.id, p.priority])).toEqual([
      [z!.id, 1],
      [x!.id, 2],
      [y!.id, 3],
    ]);
    expect((await admin.delete(`/api/dynamic-policies/${x!.id}`)).statusCode).toBe(204);
    expect((await listOf("LINUX_WORKSTATION")).map((p) => [p.id, p.priority])).toEqual([
      [z!.id, 1],
      [y!.id, 2],
    ]);
  });
});

describe("dynamic policies on a device", () => {
  it("a device that starts matching gets the merged policy, each item naming its source; stops matching: the base again", async () => {
    const org = await createOrganization(ctx);
    const device = await enrollDevice(ctx, org, { inventory: linux });
    const before = await effective(device.id);
    expect(before.deviceClass).toBe("LINUX_SERVER");
    const basePolicyId = before.policy!.id;

    const low = await create({
      deviceClass: "LINUX_SERVER",
      criteria: { tags: ["db"] },
      sections: {
        agentSettings: { configure: true, items: { heartbeatSeconds: 45, metricIntervalSeconds: 120 } },
      },
    });
    const high = await create({
      deviceClass: "LINUX_SERVER",
      criteria: { tags: ["db"] },
      // Its agent settings are not ticked: they never apply.
      sections: { agentSettings: { configure: false, items: { heartbeatSeconds: 15 } } },
    });
    await admin.put("/api/dynamic-policies/order", { deviceClass: "LINUX_SERVER", ids: [high.id, low.id] });
    expect((await effective(device.id)).dynamicPolicies ?? []).toEqual([]);

    expect((await admin.post(`/api/devices/${device.id}/tags`, { tag: "db" })).statusCode).toBeLessThan(300);
    const merged = await effective(device.id);
    expect(merged.dynamicPolicies?.map((d) => d.id)).toEqual([high.id, low.id]);
    expect(merged.sections.agentSettings!.heartbeatSeconds).toMatchObject({
      value: 45,
      sourceDynamicPolicyId: low.id,
      sourceDynamicPolicyName: low.name,
    });
    expect(merged.version).not.toBe(before.version);
    // People read the base policy's own version and each dynamic policy's, not the derived number.
    expect(merged.policyVersion).toBe(before.version);
    const listed = await listOf("LINUX_SERVER");
    expect(merged.dynamicPolicies?.map((d) => d.version)).toEqual(
      [high.id, low.id].map((id) => listed.find((p) => p.id === id)!.version),
    );
    expect((await listOf("LINUX_SERVER")).find((p) => p.id === low.id)!.deviceCount).toBe(1);

    // The higher priority ticks its box: it wins the item it sets; the lower keeps the other.
    await admin.patch(`/api/dynamic-policies/${high.id}`, {
      sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 15 } } },
    });
    const both = await effective(device.id);
    expect(both.sections.agentSettings!.heartbeatSeconds).toMatchObject({
      value: 15,
      sourceDynamicPolicyId: high.id,
    });
    expect(both.sections.agentSettings!.metricIntervalSeconds).toMatchObject({
      value: 120,
      sourceDynamicPolicyId: low.id,
    });
    expect(both.version).not.toBe(merged.version);

    expect(
      (await admin.delete(`/api/devices/${device.id}/tags`, { query: { tag: "db" } })).statusCode,
    ).toBeLessThan(300);
    const after = await effective(device.id);
    expect(after.dynamicPolicies ?? []).toEqual([]);
    expect(after.sections.agentSettings!.heartbeatSeconds).toMatchObject({
      value: 60,
      sourcePolicyId: null,
    });
    expect(after.sections.agentSettings!.heartbeatSeconds!.sourceDynamicPolicyId ?? null).toBeNull();
    expect(after.version).toBe(before.version);
    expect(after.policy!.id).toBe(basePolicyId);
  });
});

describe("dynamic policies reach the agent", () => {
  it("delivery sends the merged policy when a device starts matching, and the base again when it stops", async () => {
    const org = await createOrganization(ctx);
    const device = await enrollDevice(ctx, org, { inventory: linux, status: "UP" });
    const sent: proto.ApplyPolicyPayload[] = [];
    const delivery = ctx.services.policyDelivery;
    const detach = delivery.handler.attach!({
      bus: ctx.deps.bus,
      send: (target, payload) => {
        if (target.deviceId === device.id) sent.push(payload as proto.ApplyPolicyPayload);
        return true;
      },
    });
    try {
      const deliver = async () => {
        await delivery.reconcile();
        await delivery.idle();
        return sent.at(-1);
      };
      const base = await deliver();
      expect(base).toMatchObject({ enforced: true, agentSettings: { heartbeatSeconds: 60 } });

      const dynamic = await create({
        deviceClass: "LINUX_SERVER",
        criteria: { tags: ["edge"] },
        sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 30 } } },
      });
      await admin.post(`/api/devices/${device.id}/tags`, { tag: "edge" });
      const merged = await deliver();
      expect(merged).toMatchObject({ policyId: base!.policyId, agentSettings: { heartbeatSeconds: 30 } });
      expect(merged!.version).not.toBe(base!.version);
      expect(merged!.version).toBe((await effective(device.id)).version);

      // A change of the dynamic policy alone moves the version and goes out again.
      await admin.patch(`/api/dynamic-policies/${dynamic.id}`, {
        sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 20 } } },
      });
      const changed = await deliver();
      expect(changed).toMatchObject({ agentSettings: { heartbeatSeconds: 20 } });
      expect(changed!.version).not.toBe(merged!.version);

      await admin.delete(`/api/devices/${device.id}/tags`, { query: { tag: "edge" } });
      const again = await deliver();
      expect(again).toMatchObject({ version: base!.version, agentSettings: { heartbeatSeconds: 60 } });
    } finally {
      detach();
    }
  });
});
