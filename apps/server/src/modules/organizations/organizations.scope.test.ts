import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationDetail, OrganizationList } from "@steward/contracts";
import type { TestClient } from "../../testing/test-app.js";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { uniqueName } from "./organizations.fixtures.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["organizations.read", "organizations.write"],
    devices: { a: [{}], b: [{}] },
  }));
});
afterAll(async () => {
  await ctx.close();
});

type Send = (id: number) => ReturnType<TestClient["get"]>;

/** The answer for an id outside the scope is exactly the answer for an id that does not exist. */
async function expectLikeMissing(send: Send, outside: number, missing = MISSING) {
  const [out, none] = [await send(outside), await send(missing)];
  expect(out.statusCode, out.body).toBe(404);
  expect(none.statusCode, none.body).toBe(404);
  const { requestId: _a, ...outBody } = out.json<Record<string, unknown>>();
  const { requestId: _b, ...noneBody } = none.json<Record<string, unknown>>();
  expect(outBody).toEqual(noneBody);
  return outBody.code;
}

const org = async (id: number) => (await admin.get(`/api/organizations/${id}`)).json<OrganizationDetail>();

describe("organizations within the caller's scope", () => {
  it("lists only the organizations in scope, with their counts; full access and admins list both", async () => {
    const list = (await scoped.get("/api/organizations?pageSize=100")).json<OrganizationList>();
    expect(list.items.map((o) => o.id)).toEqual([a.organizationId]);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ deviceCount: 1, locationCount: 1 });
    const searched = (
      await scoped.get(`/api/organizations?search=${encodeURIComponent("Agent Org")}`)
    ).json();
    expect(searched.total).toBe(1);
    for (const client of [full, admin]) {
      const all = (await client.get("/api/organizations?pageSize=100")).json<OrganizationList>();
      expect(all.items.map((o) => o.id).sort()).toEqual([a.organizationId, b.organizationId].sort());
    }
  });

  it("GET /api/organizations/:id and GET /api/client/:id answer 404 for another organization", async () => {
    expect(await expectLikeMissing((id) => scoped.get(`/api/organizations/${id}`), b.organizationId)).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    const client = await expectLikeMissing((id) => scoped.get(`/api/client/${id}`), b.organizationId);
    expect(client).toBe("E_ORGANIZATION_NOT_FOUND");
    expect((await scoped.get(`/api/client/${b.organizationId}`)).json().resultCode).toBe("FAILURE");
    expect((await scoped.get(`/api/client/${a.organizationId}`)).json()).toMatchObject({
      resultCode: "SUCCESS",
      client: { id: a.organizationId },
    });
    expect((await full.get(`/api/organizations/${b.organizationId}`)).statusCode).toBe(200);
  });

  it("update and delete of another organization answer 404 and change nothing", async () => {
    const before = await org(b.organizationId);
    expect(
      await expectLikeMissing(
        (id) => scoped.patch(`/api/organizations/${id}`, { description: "mine now" }),
        b.organizationId,
      ),
    ).toBe("E_ORGANIZATION_NOT_FOUND");
    expect(await expectLikeMissing((id) => scoped.delete(`/api/organizations/${id}`), b.organizationId)).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    expect(await org(b.organizationId)).toEqual(before);
    expect((await admin.get(`/api/devices/${b.deviceIds[0]}`)).statusCode).toBe(200);
    const mine = await scoped.patch(`/api/organizations/${a.organizationId}`, { description: "ours" });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().description).toBe("ours");
  });

  it("locations of another organization: create, update and delete answer 404 and change nothing", async () => {
    const before = await org(b.organizationId);
    const create = (id: number) => scoped.post(`/api/organizations/${id}/locations`, { name: "Annex" });
    expect(await expectLikeMissing(create, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    const update = (id: number) =>
      scoped.patch(`/api/organizations/${id}/locations/${b.locationId}`, { name: "Renamed" });
    expect(await expectLikeMissing(update, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    const remove = (id: number) => scoped.delete(`/api/organizations/${id}/locations/${b.locationId}`);
    expect(await expectLikeMissing(remove, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    expect(await org(b.organizationId)).toEqual(before);
    // A's own location is changed as usual, and full access reaches B.
    const created = await scoped.post(`/api/organizations/${a.organizationId}/locations`, { name: "Annex" });
    expect(created.statusCode, created.body).toBe(201);
    const other = await full.post(`/api/organizations/${b.organizationId}/locations`, { name: "Annex" });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("creating an organization needs organizations.write over every organization", async () => {
    const name = uniqueName("Scoped");
    const denied = await scoped.post("/api/organizations", { name });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("E_FORBIDDEN");
    const all = (await admin.get(`/api/organizations?search=${encodeURIComponent(name)}`)).json();
    expect(all.total).toBe(0);
    const allowed = await full.post("/api/organizations", { name });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});
