import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemOverview } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { users } from "../../platform/identity/index.js";

let ctx: TestContext;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { admin: true }));
});
afterAll(async () => {
  await ctx.close();
});

let userSeq = 0;
async function addUser(status: "INVITED" | "ACTIVE" | "DISABLED", invitedByUserId: number | null = null) {
  userSeq += 1;
  await ctx.deps.db.insert(users).values({
    email: `dash${userSeq}@example.test`,
    firstName: "Dash",
    lastName: `${userSeq}`,
    status,
    invitedByUserId,
  });
}

async function createOrganization(locations: { name: string }[] = []) {
  const res = await admin.post("/api/organizations", { name: `Dashboard Org ${++userSeq}`, locations });
  expect(res.statusCode).toBe(201);
}

describe("access to /api/dashboard/*", () => {
  it("answers 401 without a session and before multi-factor sign-in", async () => {
    const anonymous = new TestClient(ctx.app);
    const pending = (await signedInClient(ctx, { admin: true, mfaVerified: false })).client;
    for (const url of ["/api/dashboard/system", "/api/dashboard/getting-started"]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      expect((await pending.get(url)).json().code, url).toBe("E_MFA_REQUIRED");
    }
  });

  it("needs dashboard.read for the system overview; the checklist is for every signed-in user", async () => {
    const { client } = await signedInClient(ctx, { permissions: ["organizations.read"] });
    const system = await client.get("/api/dashboard/system");
    expect(system.statusCode).toBe(403);
    expect(system.json().code).toBe("E_FORBIDDEN");
    expect((await client.get("/api/dashboard/getting-started")).statusCode).toBe(200);
    const reader = (await signedInClient(ctx, { permissions: ["dashboard.read"] })).client;
    expect((await reader.get("/api/dashboard/system")).statusCode).toBe(200);
  });
});

describe("GET /api/dashboard/getting-started", () => {
  it("ticks each step when it really happened", async () => {
    const get = async () => (await admin.get("/api/dashboard/getting-started")).json();
    expect(await get()).toEqual({ organizationCreated: false, technicianInvited: false, firstDevice: false });
    await createOrganization();
    expect(await get()).toEqual({ organizationCreated: true, technicianInvited: false, firstDevice: false });
    await addUser("ACTIVE"); // created without an invitation (e.g. by the CLI): not an invitation
    expect((await get()).technicianInvited).toBe(false);
    await addUser("INVITED", adminId);
    expect(await get()).toEqual({ organizationCreated: true, technicianInvited: true, firstDevice: false });
  });
});

describe("GET /api/dashboard/system", () => {
  it("counts organizations, locations and technicians who are not disabled; no devices yet", async () => {
    const overview = async () => (await admin.get("/api/dashboard/system")).json<SystemOverview>();
    const before = await overview();
    await createOrganization([{ name: "Warehouse" }]);
    await createOrganization();
    await addUser("INVITED", adminId);
    await addUser("ACTIVE");
    await addUser("DISABLED");
    expect(await overview()).toMatchObject({
      organizations: before.organizations + 2,
      locations: before.locations + 3,
      technicians: before.technicians + 2,
      devices: 0,
      devicesByStatus: { UP: 0, DOWN: 0 },
      devicesByOrganization: [],
      recentlyOffline: [],
    });
  });
});
