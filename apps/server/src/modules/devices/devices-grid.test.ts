import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceList } from "@steward/contracts";
import { builtInSearchNames } from "@steward/domain";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { locations } from "../organizations/organizations.tables.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { devices } from "./devices.tables.js";

let ctx: TestContext;
let admin: TestClient;
const d: Record<string, number> = {};
let orgA: { organizationId: number; locationId: number };
let orgB: { organizationId: number; locationId: number };
let branchId: number;
const GB = 1024 ** 3;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  orgA = await createOrganization(ctx);
  orgB = await createOrganization(ctx);
  const [branch] = await ctx.deps.db
    .insert(locations)
    .values({ organizationId: orgA.organizationId, name: "Branch" })
    .returning();
  branchId = branch!.id;
  const win = (name: string) => ({ family: "WINDOWS" as const, name, version: "10.0", arch: "x64" });
  d.acct = (
    await enrollDevice(ctx, orgA, {
      status: "UP",
      inventory: {
        hostname: "ACCT-PC-01",
        volumes: [{ mount: "C:", fsType: "NTFS", sizeBytes: 100 * GB, freeBytes: 5 * GB }],
      },
    })
  ).id;
  d.srv = (
    await enrollDevice(
      ctx,
      { organizationId: orgA.organizationId, locationId: branchId },
      {
        inventory: {
          hostname: "SRV-DC-01",
          os: win("Microsoft Windows Server 2022 Standard"),
          pendingReboot: true,
        },
      },
    )
  ).id;
  d.mac = (
    await enrollDevice(ctx, orgB, {
      approvalStatus: "PENDING",
      contacted: false,
      inventory: {
        hostname: "MacBook-Pro-7",
        os: { family: "MAC", name: "macOS", version: "15.1", arch: "arm64" },
      },
    })
  ).id;
  d.web = (
    await enrollDevice(ctx, orgB, {
      status: "UP",
      inventory: {
        hostname: "web-01",
        os: { family: "LINUX", name: "Ubuntu", version: "24.04.1 LTS", arch: "x64" },
        network: [{ name: "eth0", mac: "02:00:00:00:00:09", ipv4: ["192.168.50.10"], ipv6: [], up: true }],
        software: [],
      },
    })
  ).id;
  d.evil = (
    await enrollDevice(ctx, orgB, { inventory: { hostname: "'; DROP TABLE devices; -- 100%_x" } })
  ).id;
  d.formula = (
    await enrollDevice(ctx, orgB, {
      inventory: {
        hostname: '=HYPERLINK("http://evil")',
        volumes: [{ mount: "C:", fsType: "NTFS", sizeBytes: 100 * GB, freeBytes: 10 * GB }],
      },
    })
  ).id;
  // An agent that never sent an inventory (install issue).
  await ctx.deps.db.update(devices).set({ inventoryUpdatedAt: null }).where(eq(devices.id, d.evil));
});
afterAll(async () => {
  await ctx.close();
});

async function grid(query: Record<string, string>, client = admin) {
  const res = await client.get("/api/devices", { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeviceList>();
}
const ids = async (query: Record<string, string>) =>
  (await grid({ pageSize: "500", ...query })).items.map((i) => i.id).sort((a, b) => a - b);
const of = (...names: string[]) => names.map((n) => d[n]!).sort((a, b) => a - b);

describe("GET /api/devices access", () => {
  it("401 without a session, 403 without devices.read, 200 with it", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/devices")).json().code).toBe("E_UNAUTHENTICATED");
    expect((await anonymous.get("/api/devices/export.csv")).statusCode).toBe(401);
    const other = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    for (const url of ["/api/devices", "/api/devices/export.csv"]) {
      const res = await other.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    }
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await grid({}, reader)).total).toBe(6);
  });
});

describe("GET /api/devices filters", () => {
  it("answers device summaries with organization, location and role names", async () => {
    const page = await grid({ search: "srv-dc" });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.items[0]).toMatchObject({
      hostname: "SRV-DC-01",
      organizationId: orgA.organizationId,
      locationName: "Branch",
      roleName: "Windows Server",
      osFamily: "WINDOWS",
      ipAddresses: ["10.1.2.3", "fe80::1"],
      pendingReboot: true,
    });
  });

  it("filters by status, approval, organization, location and OS family", async () => {
    expect(await ids({ status: "UP" })).toEqual(of("acct", "web"));
    expect(await ids({ status: "UP,DOWN" })).toHaveLength(6);
    expect(await ids({ approval: "PENDING" })).toEqual(of("mac"));
    expect(await ids({ organizationId: String(orgA.organizationId) })).toEqual(of("acct", "srv"));
    expect(await ids({ locationId: String(branchId) })).toEqual(of("srv"));
    expect(await ids({ os: "MAC,LINUX" })).toEqual(of("mac", "web"));
    expect(await ids({ organizationId: String(orgB.organizationId), status: "UP" })).toEqual(of("web"));
  });

  it("implements every built-in search's fixed filter", async () => {
    const expected: Record<string, string[]> = {
      ALL: ["acct", "srv", "mac", "web", "evil", "formula"],
      UP: ["acct", "web"],
      DOWN: ["srv", "mac", "evil", "formula"],
      WARNING: ["acct", "srv", "mac"], // low disk, needs reboot, pending approval
      SOFTWARE_INVENTORY: ["acct", "srv", "mac", "evil", "formula"],
      LOW_DISK_SPACE: ["acct"], // 5 % free; exactly 10 % is not low
      FAILED_PATCHES: [],
      NETWORK_DEVICES: [],
      NEEDS_REBOOT: ["srv"],
      INSTALL_ISSUES: ["mac", "evil"], // pending and never connected; no inventory
      // Health comes from open alerts; none here (devices-health.test.ts sets some).
      UNHEALTHY: [],
      NEEDS_ATTENTION: [],
      // No agent version is published here, so no agent is behind (agent-reports.test.ts publishes some).
      OUTDATED_AGENTS: [],
    };
    expect(Object.keys(expected).sort()).toEqual([...builtInSearchNames].sort());
    for (const [name, want] of Object.entries(expected))
      expect(await ids({ builtIn: name }), name).toEqual(of(...want));
  });

  it("searches host name, display name, IP addresses and OS; wildcards and quotes are literal", async () => {
    expect(await ids({ search: "acct" })).toEqual(of("acct"));
    expect(await ids({ search: "192.168.50" })).toEqual(of("web"));
    expect(await ids({ search: "UBUNTU" })).toEqual(of("web"));
    expect(await ids({ search: "203.0.113.7" })).toHaveLength(6); // public IP
    await admin.patch(`/api/devices/${d.srv}`, { displayName: "Domain Controller" });
    expect(await ids({ search: "domain contr" })).toEqual(of("srv"));
    expect(await ids({ search: "%" })).toEqual(of("evil"));
    expect(await ids({ search: "0%_" })).toEqual(of("evil"));
    expect(await ids({ search: "'; drop table" })).toEqual(of("evil"));
    expect(await ids({})).toHaveLength(6);
  });

  it("filters by role, tags (all of them) and a group", async () => {
    const server = (await grid({ search: "srv-dc" })).items[0]!;
    expect(await ids({ roleId: String(server.roleId) })).toEqual(of("srv"));
    for (const tag of ["finance", "hq"])
      expect((await admin.post(`/api/devices/${d.acct}/tags`, { tag })).statusCode).toBe(200);
    await admin.post(`/api/devices/${d.web}/tags`, { tag: "finance" });
    expect(await ids({ tags: "finance" })).toEqual(of("acct", "web"));
    expect(await ids({ tags: "finance,hq" })).toEqual(of("acct"));
    expect(await ids({ tags: "finance", status: "DOWN" })).toEqual([]);
    const group = await admin.post("/api/saved-searches", {
      name: "Windows SRV",
      criteria: { osFamilies: ["WINDOWS"] },
      search: "srv",
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(await ids({ groupId: String(group.json().id) })).toEqual(of("srv"));
    expect(await ids({ groupId: String(group.json().id), status: "UP" })).toEqual([]);
  });

  it("filters on a custom field's effective value (device, else location, else organization)", async () => {
    const field = await admin.post("/api/custom-fields", {
      scope: "GLOBAL",
      name: "tier",
      label: "Contract tier",
      type: "TEXT",
    });
    expect(field.statusCode, field.body).toBe(201);
    const seats = await admin.post("/api/custom-fields", {
      scope: "GLOBAL",
      name: "seats",
      label: "Seats",
      type: "INTEGER",
    });
    const f = field.json().id as number;
    const s = seats.json().id as number;
    const put = async (url: string, values: { fieldId: number; value: unknown }[]) =>
      expect((await admin.put(url, { values })).statusCode).toBe(200);
    await put(`/api/organizations/${orgA.organizationId}/custom-fields`, [{ fieldId: f, value: "Gold" }]);
    await put(`/api/organizations/${orgA.organizationId}/locations/${branchId}/custom-fields`, [
      { fieldId: f, value: "Silver" },
    ]);
    await put(`/api/devices/${d.web}/custom-fields`, [
      { fieldId: f, value: "gold" },
      { fieldId: s, value: 5 },
    ]);
    await put(`/api/organizations/${orgB.organizationId}/custom-fields`, [{ fieldId: s, value: "20" }]);

    expect(await ids({ cf: `${f}:eq:Gold` })).toEqual(of("acct", "web"));
    expect(await ids({ cf: `${f}:neq:gold` })).toEqual(of("srv", "mac", "evil", "formula"));
    expect(await ids({ cf: `${f}:contains:ILV` })).toEqual(of("srv"));
    expect(await ids({ cf: `${f}:set` })).toEqual(of("acct", "srv", "web"));
    expect(await ids({ cf: `${f}:unset` })).toEqual(of("mac", "evil", "formula"));
    expect(await ids({ cf: `${s}:gt:10` })).toEqual(of("mac", "evil", "formula"));
    expect(await ids({ cf: `${s}:lte:5` })).toEqual(of("web"));
    const both = new URLSearchParams([
      ["cf", `${f}:eq:gold`],
      ["cf", `${s}:lt:10`],
    ]).toString();
    const res = await admin.get(`/api/devices?${both}`);
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([d.web]);

    // A device enrolled later inherits at once; a moved device inherits from its new location.
    const late = await enrollDevice(ctx, orgA);
    expect(await ids({ cf: `${f}:eq:gold` })).toEqual([...of("acct", "web"), late.id].sort((a, b) => a - b));
    expect((await admin.patch(`/api/devices/${late.id}`, { locationId: branchId })).statusCode).toBe(200);
    expect(await ids({ cf: `${f}:eq:silver` })).toEqual([d.srv!, late.id].sort((a, b) => a - b));
    await admin.delete(`/api/devices/${late.id}`);
  });
});

describe("GET /api/devices sorting and paging", () => {
  it("sorts by name, status, organization, OS and last contact, both ways, and pages", async () => {
    const names = async (sort: string) =>
      (await grid({ sort, pageSize: "500" })).items.map((i) => i.displayName ?? i.hostname);
    const byName = await names("name");
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), "en")));
    expect(await names("-name")).toEqual([...byName].reverse());
    expect((await grid({ sort: "status" })).items.map((i) => i.status)).toEqual([
      "DOWN",
      "DOWN",
      "DOWN",
      "DOWN",
      "UP",
      "UP",
    ]);
    const byOrg = (await grid({ sort: "-organization" })).items.map((i) => i.organizationId);
    expect(byOrg.slice(0, 4).every((o) => o === orgB.organizationId)).toBe(true);
    expect((await grid({ sort: "os" })).items[0]!.osName).toBe("macOS");
    expect((await grid({ sort: "-lastContact" })).items.at(-1)!.id).toBe(d.mac); // never contacted: last
    const first = await grid({ pageSize: "4" });
    const second = await grid({ pageSize: "4", page: "2" });
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(second.items).toHaveLength(2);
    expect([...first.items, ...second.items].map((i) => i.id).sort((a, b) => a - b)).toEqual(
      of("acct", "srv", "mac", "web", "evil", "formula"),
    );
  });

  it("answers 400 with a code for bad parameters", async () => {
    const bad: Record<string, string>[] = [
      { sort: "bogus" },
      { status: "SIDEWAYS" },
      { cf: "abc" },
      { pageSize: "1000" },
      { os: "AMIGA" },
      { builtIn: "NOPE" },
    ];
    for (const query of bad) {
      const res = await admin.get("/api/devices", { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
    const res = await admin.get("/api/devices", { query: { groupId: "999999" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_SAVED_SEARCH_NOT_FOUND");
  });
});

describe("GET /api/devices/export.csv", () => {
  it("exports the same query with the chosen columns, formulas neutralized", async () => {
    const res = await admin.get("/api/devices/export.csv", {
      query: {
        organizationId: String(orgB.organizationId),
        columns: "name,status,organization,ipAddresses",
        sort: "name",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("devices.csv");
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Name,Status,Organization,IP addresses");
    expect(lines).toHaveLength(5);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")",DOWN,`);
    expect(res.body).toContain("web-01,UP,");
    expect(res.body).toContain("192.168.50.10");
  });

  it("exports every column by default and refuses unknown ones", async () => {
    const res = await admin.get("/api/devices/export.csv", { query: { status: "UP" } });
    expect(res.body.split("\r\n")[0]).toMatch(
      /^Id,Name,Host name,Display name,Status,Approval,Organization,Location,Role/,
    );
    expect(res.body.split("\r\n").filter(Boolean)).toHaveLength(3);
    const bad = await admin.get("/api/devices/export.csv", { query: { columns: "name,password" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("E_VALIDATION");
  });
});
