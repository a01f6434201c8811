import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicPolicyList, DynamicPolicyView } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";

/*
 * Dynamic policies are shared by every organization, so anyone holding policies.read reads them
 * all; the number of devices each applies to must still count only the devices the caller may
 * see (the organizations where they hold devices.read), never another organization's fleet.
 */

let ctx: TestContext;
let admin: TestClient;
let orgA: { organizationId: number; locationId: number };
let policy: DynamicPolicyView;

const linux = { os: { family: "LINUX" as const, name: "Debian GNU/Linux", version: "12", arch: "x64" } };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  orgA = await createOrganization(ctx);
  const orgB = await createOrganization(ctx);
  // One Linux server in A, two in B.
  await enrollDevice(ctx, orgA, { inventory: linux });
  await enrollDevice(ctx, orgB, { inventory: linux });
  await enrollDevice(ctx, orgB, { inventory: linux });
  const res = await admin.post("/api/dynamic-policies", {
    name: "Every Linux server",
    deviceClass: "LINUX_SERVER",
  });
  expect(res.statusCode, res.body).toBe(201);
  policy = res.json<DynamicPolicyView>();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function countsSeenBy(client: TestClient) {
  const list = await client.get("/api/dynamic-policies", { query: { deviceClass: "LINUX_SERVER" } });
  expect(list.statusCode, list.body).toBe(200);
  const one = await client.get(`/api/dynamic-policies/${policy.id}`);
  expect(one.statusCode, one.body).toBe(200);
  return {
    list: list.json<DynamicPolicyList>().items.find((p) => p.id === policy.id)!.deviceCount,
    one: one.json<DynamicPolicyView>().deviceCount,
  };
}

describe("dynamic policy device counts", () => {
  it("count every organization's devices for an administrator", async () => {
    expect(await countsSeenBy(admin)).toEqual({ list: 3, one: 3 });
  });

  it("count only the organizations where the caller reads devices", async () => {
    const scoped = await signedInClient(ctx, {
      permissions: ["policies.read", "policies.manage", "devices.read"],
      organizationIds: [orgA.organizationId],
    });
    expect(await countsSeenBy(scoped.client)).toEqual({ list: 1, one: 1 });

    // The answers of a change count the same way.
    const changed = await scoped.client.patch(`/api/dynamic-policies/${policy.id}`, {
      description: "scoped",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DynamicPolicyView>().deviceCount).toBe(1);
    const reordered = await scoped.client.put("/api/dynamic-policies/order", {
      deviceClass: "LINUX_SERVER",
      ids: [policy.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<DynamicPolicyList>().items[0]!.deviceCount).toBe(1);
  });

  it("count nothing for a caller who reads policies but no devices", async () => {
    const reader = await signedInClient(ctx, { permissions: ["policies.read"] });
    expect(await countsSeenBy(reader.client)).toEqual({ list: 0, one: 0 });
  });
});
