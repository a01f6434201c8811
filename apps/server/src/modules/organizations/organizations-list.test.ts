import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationList } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { locations, organizations } from "./organizations.tables.js";
import { createOrganization } from "./organizations.fixtures.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

/** A word only this test's organizations contain, so searches see nothing else. */
const marker = () => `m${randomBytes(4).toString("hex")}`;

async function list(query: Record<string, string>): Promise<OrganizationList> {
  const res = await admin.get("/api/organizations", { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrganizationList>();
}
const names = (l: OrganizationList) => l.items.map((o) => o.name);

describe("GET /api/organizations", () => {
  it("lists organizations with their location and device counts", async () => {
    const m = marker();
    const org = await createOrganization(admin, {
      name: `${m} Contoso`,
      locations: [{ name: "Warehouse" }, { name: "Branch" }],
    });
    const result = await list({ search: m });
    expect(result).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(result.items).toEqual([
      {
        id: org.id,
        name: `${m} Contoso`,
        description: "",
        nodeApprovalMode: "AUTOMATIC",
        locationCount: 3,
        deviceCount: 0,
        createdAt: org.createdAt,
        updatedAt: org.updatedAt,
      },
    ]);
  });

  it("searches names by substring, ignoring case", async () => {
    const m = marker();
    for (const n of ["Alpine Dental", "Coastal DENTAL Group", "Alpine Ski"])
      await createOrganization(admin, { name: `${m} ${n}` });
    expect(names(await list({ search: `${m} alpine`, sort: "name" }))).toEqual([
      `${m} Alpine Dental`,
      `${m} Alpine Ski`,
    ]);
    const dental = await list({ search: `${m.toUpperCase()} ` });
    expect(dental.total).toBe(3);
    expect(names(await list({ search: "dental", sort: "name" })).filter((n) => n.startsWith(m))).toEqual([
      `${m} Alpine Dental`,
      `${m} Coastal DENTAL Group`,
    ]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const m = marker();
    for (const n of ["100% Uptime", "100 Percent", "a_b Labs", "axb Labs"])
      await createOrganization(admin, { name: `${m} ${n}` });
    expect(names(await list({ search: `${m} 100%` }))).toEqual([`${m} 100% Uptime`]);
    expect(names(await list({ search: `${m} a_b` }))).toEqual([`${m} a_b Labs`]);
    expect((await list({ search: "%" })).items.every((o) => o.name.includes("%"))).toBe(true);
  });

  it("sorts by name (ignoring case) or creation time, both ways", async () => {
    const m = marker();
    for (const n of ["bravo", "Charlie", "alpha"]) await createOrganization(admin, { name: `${m} ${n}` });
    expect(names(await list({ search: m }))).toEqual([`${m} alpha`, `${m} bravo`, `${m} Charlie`]);
    expect(names(await list({ search: m, sort: "-name" }))).toEqual([
      `${m} Charlie`,
      `${m} bravo`,
      `${m} alpha`,
    ]);
    expect(names(await list({ search: m, sort: "createdAt" }))).toEqual([
      `${m} bravo`,
      `${m} Charlie`,
      `${m} alpha`,
    ]);
    expect(names(await list({ search: m, sort: "-createdAt" }))).toEqual([
      `${m} alpha`,
      `${m} Charlie`,
      `${m} bravo`,
    ]);
  });

  it("pages through the results with the total of all matches", async () => {
    const m = marker();
    for (const n of ["a", "b", "c", "d", "e"]) await createOrganization(admin, { name: `${m} ${n}` });
    const page2 = await list({ search: m, page: "2", pageSize: "2" });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual([`${m} c`, `${m} d`]);
    expect(names(await list({ search: m, page: "3", pageSize: "2" }))).toEqual([`${m} e`]);
    expect(await list({ search: m, page: "4", pageSize: "2" })).toMatchObject({ items: [], total: 5 });
  });

  it("answers 400 E_VALIDATION for a bad page, page size or sort", async () => {
    const queries: Record<string, string>[] = [
      { page: "0" },
      { pageSize: "501" },
      { pageSize: "ten" },
      { sort: "devices" },
    ];
    for (const query of queries) {
      const res = await admin.get("/api/organizations", { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
  });

  it("lists a page of 1,200 organizations with correct counts", async () => {
    const m = marker();
    const rows = await ctx.deps.db
      .insert(organizations)
      .values(Array.from({ length: 1200 }, (_, i) => ({ name: `${m} ${String(i).padStart(4, "0")}` })))
      .returning({ id: organizations.id });
    await ctx.deps.db
      .insert(locations)
      .values(
        rows.flatMap((r, i) => [
          { organizationId: r.id, name: "Main Office", isDefault: true },
          ...(i % 2 ? [{ organizationId: r.id, name: "Annex" }] : []),
        ]),
      );
    const page = await list({ search: m, page: "3", pageSize: "500" });
    expect(page.total).toBe(1200);
    expect(page.items).toHaveLength(200);
    expect(page.items[0]).toMatchObject({ name: `${m} 1000`, locationCount: 1 });
    expect(page.items[1]).toMatchObject({ name: `${m} 1001`, locationCount: 2 });
  });
});
