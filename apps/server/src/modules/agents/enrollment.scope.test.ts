import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../testing/test-app.js";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { enrollmentTokens } from "./agents.tables.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;
/** A token of organization B, made by an administrator. */
let tokenB: number;

beforeAll(async () => {
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["devices.read", "enrollment.manage"],
    devices: { a: [], b: [] },
  }));
  const res = await admin.post(`/api/organizations/${b.organizationId}/enrollment-tokens`, {
    locationId: b.locationId,
    name: "B desk",
  });
  expect(res.statusCode, res.body).toBe(201);
  tokenB = res.json().token.id;
});
afterAll(async () => {
  await ctx.close();
});

type Send = (id: number) => ReturnType<TestClient["get"]>;

async function expectLikeMissing(send: Send, outside: number) {
  const [out, none] = [await send(outside), await send(MISSING)];
  expect(out.statusCode, out.body).toBe(404);
  expect(none.statusCode).toBe(404);
  expect({ code: out.json().code, message: out.json().message }).toEqual({
    code: none.json().code,
    message: none.json().message,
  });
  return out.json<{ code: string }>().code;
}

const tokensOf = async (organizationId: number) =>
  (
    await ctx.deps.db
      .select({ n: count() })
      .from(enrollmentTokens)
      .where(eq(enrollmentTokens.organizationId, organizationId))
  )[0]?.n ?? 0;

describe("enrollment tokens within the caller's scope", () => {
  it("lists the tokens of an organization in scope only", async () => {
    const list = (id: number) => scoped.get(`/api/organizations/${id}/enrollment-tokens`);
    expect(await expectLikeMissing(list, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    expect((await list(a.organizationId)).json()).toEqual({ items: [] });
    const all = await full.get(`/api/organizations/${b.organizationId}/enrollment-tokens`);
    expect(all.json().items.map((t: { id: number }) => t.id)).toEqual([tokenB]);
  });

  it("creates tokens only for an organization in scope", async () => {
    const create = (id: number) =>
      scoped.post(`/api/organizations/${id}/enrollment-tokens`, { locationId: b.locationId, name: "sneaky" });
    expect(await expectLikeMissing(create, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    expect(await tokensOf(b.organizationId)).toBe(1);
    const own = await scoped.post(`/api/organizations/${a.organizationId}/enrollment-tokens`, {
      locationId: a.locationId,
    });
    expect(own.statusCode, own.body).toBe(201);
    // A's id with B's location is still refused.
    const mixed = await scoped.post(`/api/organizations/${a.organizationId}/enrollment-tokens`, {
      locationId: b.locationId,
    });
    expect(mixed.statusCode).toBe(404);
    expect(await tokensOf(b.organizationId)).toBe(1);
    const other = await full.post(`/api/organizations/${b.organizationId}/enrollment-tokens`, {
      locationId: b.locationId,
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("reveal and revoke of another organization's token answer 404 and change nothing", async () => {
    const reveal = (id: number) => scoped.get(`/api/enrollment-tokens/${id}/secret`);
    expect(await expectLikeMissing(reveal, tokenB)).toBe("E_ENROLLMENT_TOKEN_NOT_FOUND");
    const revoke = (id: number) => scoped.post(`/api/enrollment-tokens/${id}/revoke`);
    expect(await expectLikeMissing(revoke, tokenB)).toBe("E_ENROLLMENT_TOKEN_NOT_FOUND");
    const [row] = await ctx.deps.db.select().from(enrollmentTokens).where(eq(enrollmentTokens.id, tokenB));
    expect(row?.revokedAt).toBeNull();
    expect((await full.get(`/api/enrollment-tokens/${tokenB}/secret`)).statusCode).toBe(200);
    const revoked = await full.post(`/api/enrollment-tokens/${tokenB}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().state).toBe("REVOKED");
  });
});
