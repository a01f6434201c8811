import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCustomFieldRequest, CustomFieldDefinition } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { locations } from "../organizations/organizations.tables.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
let device: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
  device = (await enrollDevice(ctx, org)).id;
});
afterAll(async () => {
  await ctx.close();
});

async function field(body: Partial<CreateCustomFieldRequest> & Pick<CreateCustomFieldRequest, "type">) {
  const res = await admin.post("/api/custom-fields", {
    scope: "GLOBAL",
    name: `f${++seq}`,
    label: `Field ${seq}`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CustomFieldDefinition>();
}
const deviceUrl = () => `/api/devices/${device}/custom-fields`;
const put = (url: string, values: { fieldId: number; value: unknown }[]) => admin.put(url, { values });

describe("custom fields access", () => {
  it("401 without a session; definitions need customFields.manage, values devices.manage", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/custom-fields")).statusCode).toBe(401);
    expect((await anonymous.get(deviceUrl())).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get("/api/custom-fields")).statusCode).toBe(403);
    expect((await none.get(deviceUrl())).statusCode).toBe(403);
    const tech = (await signedInClient(ctx, { permissions: ["devices.read", "devices.manage"] })).client;
    expect((await tech.get("/api/custom-fields")).statusCode).toBe(200);
    const create = await tech.post("/api/custom-fields", {
      scope: "GLOBAL",
      name: "x",
      label: "X",
      type: "TEXT",
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("E_FORBIDDEN");
    expect((await tech.put(deviceUrl(), { values: [] })).statusCode).toBe(200);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    const f = await field({ type: "TEXT" });
    const levels = [
      deviceUrl(),
      `/api/organizations/${org.organizationId}/custom-fields`,
      `/api/organizations/${org.organizationId}/locations/${org.locationId}/custom-fields`,
    ];
    for (const url of levels) {
      expect((await reader.get(url)).statusCode, url).toBe(200);
      expect((await none.get(url)).statusCode, url).toBe(403);
      expect((await reader.put(url, { values: [] })).statusCode, url).toBe(403);
      expect((await tech.put(url, { values: [{ fieldId: f.id, value: "v" }] })).statusCode, url).toBe(200);
    }
    expect((await reader.get(`/api/custom-fields/${f.id}`)).statusCode).toBe(200);
    expect((await none.get(`/api/custom-fields/${f.id}`)).statusCode).toBe(403);
    expect((await tech.patch(`/api/custom-fields/${f.id}`, { label: "x" })).statusCode).toBe(403);
    expect((await tech.delete(`/api/custom-fields/${f.id}`)).statusCode).toBe(403);
  });
});

describe("custom field definitions", () => {
  it("creates global and role fields of the ten types and lists them as globalCustomFields and roleCustomFields", async () => {
    const roles = (await admin.get("/api/noderole/list")).json() as { id: number; key: string }[];
    const server = roles.find((r) => r.key === "WINDOWS_SERVER")!;
    const types = [
      "TEXT",
      "MULTI_LINE",
      "INTEGER",
      "DECIMAL",
      "CHECKBOX",
      "DATE",
      "DATE_TIME",
      "DROPDOWN",
      "MULTI_SELECT",
      "IP_ADDRESS",
    ] as const;
    const created: number[] = [];
    for (const type of types) {
      const f = await field({
        type,
        ...(type === "DROPDOWN" || type === "MULTI_SELECT" ? { options: { choices: ["a", "b"] } } : {}),
      });
      created.push(f.id);
    }
    const roleField = await field({ scope: "ROLE", roleId: server.id, type: "TEXT", behaviour: "REQUIRED" });
    expect(roleField).toMatchObject({
      scope: "ROLE",
      roleId: server.id,
      roleName: "Windows Server",
      behaviour: "REQUIRED",
    });
    const all = (await admin.get("/api/custom-fields")).json();
    // Listed by position, then label ("Field 10" before "Field 2").
    const listed = all.globalCustomFields.filter((f: CustomFieldDefinition) => created.includes(f.id));
    const labels = listed.map((f: CustomFieldDefinition) => f.label);
    expect(labels).toEqual(
      [...labels].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const byId = [...listed].sort((a: CustomFieldDefinition, b: CustomFieldDefinition) => a.id - b.id);
    expect(byId.map((f: CustomFieldDefinition) => f.type)).toEqual([...types]);
    expect(all.roleCustomFields.map((f: CustomFieldDefinition) => f.id)).toEqual([roleField.id]);
    expect(
      (await admin.get("/api/custom-fields", { query: { scope: "global" } })).json().roleCustomFields,
    ).toEqual([]);
    expect(
      (await admin.get("/api/custom-fields", { query: { scope: "role", roleId: String(server.id) } })).json(),
    ).toEqual({
      globalCustomFields: [],
      roleCustomFields: [roleField],
    });
  });

  it("updates label, behaviour and options; deletes; refuses bad definitions", async () => {
    const f = await field({ type: "DROPDOWN", options: { choices: ["red"] } });
    const updated = await admin.patch(`/api/custom-fields/${f.id}`, {
      label: "Colour",
      behaviour: "HIDDEN",
      options: { choices: ["red", "blue"] },
    });
    expect(updated.json()).toMatchObject({
      label: "Colour",
      behaviour: "HIDDEN",
      options: { choices: ["red", "blue"] },
      name: f.name,
    });
    expect((await admin.patch(`/api/custom-fields/${f.id}`, { options: {} })).json().code).toBe(
      "E_VALIDATION",
    );
    expect((await admin.patch(`/api/custom-fields/${f.id}`, { type: "TEXT" })).json().code).toBe(
      "E_VALIDATION",
    );
    const taken = await admin.post("/api/custom-fields", {
      scope: "GLOBAL",
      name: f.name.toUpperCase(),
      label: "x",
      type: "TEXT",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("E_CUSTOM_FIELD_NAME_TAKEN");
    const cases: [unknown, string][] = [
      [
        { scope: "ROLE", name: "r1", label: "R", type: "TEXT" },
        "roleId: Mandatory value is undefined. Please enter a value.",
      ],
      [
        { scope: "GLOBAL", name: "d1", label: "D", type: "DROPDOWN" },
        "options.choices: Give at least one choice",
      ],
      [
        { scope: "GLOBAL", name: "l1", label: "  ", type: "TEXT" },
        "label: Mandatory value is undefined. Please enter a value.",
      ],
      [
        { scope: "GLOBAL", name: "1bad", label: "B", type: "TEXT" },
        "name: Start with a letter; use letters, digits and _ (at most 64)",
      ],
      [
        { scope: "GLOBAL", name: "t1", label: "T", type: "COLOR" },
        expect.stringMatching(/^type: /) as unknown as string,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/custom-fields", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: "E_VALIDATION", message });
    }
    const noRole = await admin.post("/api/custom-fields", {
      scope: "ROLE",
      roleId: 999999,
      name: "r2",
      label: "R",
      type: "TEXT",
    });
    expect(noRole.json().code).toBe("E_DEVICE_ROLE_NOT_FOUND");
    expect((await admin.delete(`/api/custom-fields/${f.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/custom-fields/${f.id}`)).json().code).toBe("E_CUSTOM_FIELD_NOT_FOUND");
  });
});

describe("custom field values", () => {
  it("reads the nearest value: device, else location, else organization", async () => {
    const f = await field({ type: "TEXT" });
    const [branch] = await ctx.deps.db
      .insert(locations)
      .values({ organizationId: org.organizationId, name: `Branch ${seq}` })
      .returning();
    const inBranch = (await enrollDevice(ctx, { organizationId: org.organizationId, locationId: branch!.id }))
      .id;
    const item = async (url: string) =>
      (await admin.get(url)).json().items.find((i: { field: { id: number } }) => i.field.id === f.id);
    expect(
      (await put(`/api/organizations/${org.organizationId}/custom-fields`, [{ fieldId: f.id, value: "org" }]))
        .statusCode,
    ).toBe(200);
    expect(await item(deviceUrl())).toMatchObject({
      value: null,
      effectiveValue: "org",
      effectiveSource: "ORGANIZATION",
    });
    await put(`/api/organizations/${org.organizationId}/locations/${branch!.id}/custom-fields`, [
      { fieldId: f.id, value: "branch" },
    ]);
    expect(await item(`/api/devices/${inBranch}/custom-fields`)).toMatchObject({
      effectiveValue: "branch",
      effectiveSource: "LOCATION",
    });
    expect(
      await item(`/api/organizations/${org.organizationId}/locations/${branch!.id}/custom-fields`),
    ).toMatchObject({
      value: "branch",
      effectiveSource: "LOCATION",
    });
    await put(`/api/devices/${inBranch}/custom-fields`, [{ fieldId: f.id, value: "mine" }]);
    expect(await item(`/api/devices/${inBranch}/custom-fields`)).toMatchObject({
      value: "mine",
      effectiveValue: "mine",
      effectiveSource: "DEVICE",
    });
    await put(`/api/devices/${inBranch}/custom-fields`, [{ fieldId: f.id, value: null }]);
    expect(await item(`/api/devices/${inBranch}/custom-fields`)).toMatchObject({
      value: null,
      effectiveValue: "branch",
    });
    const feed = (await admin.get(`/api/devices/${inBranch}/activities`)).json();
    expect(feed.items[0]).toMatchObject({
      type: "CUSTOM_FIELDS_CHANGED",
      message: `Custom fields changed: ${f.label}`,
    });
  });

  it("refuses bad values with the spec's exact messages, all or nothing", async () => {
    const int = await field({ type: "INTEGER", options: { min: 1, max: 100 } });
    const dec = await field({ type: "DECIMAL", options: { decimals: 2 } });
    const ip = await field({ type: "IP_ADDRESS" });
    const text = await field({ type: "TEXT" });
    const cases: [number, unknown, string][] = [
      [int.id, "12.5", "Input must be of integer value"],
      [int.id, "abc", "Input must be of integer value"],
      [int.id, 0, "Value must be greater than or equal to 1"],
      [int.id, "101", "Value must be less than or equal to 100"],
      [dec.id, "1.5.2", "Input must be of decimal value"],
      [dec.id, "2e5", "Must not be in scientific notation"],
      [dec.id, "1.234", "Can contain up to 2 decimal places"],
      [ip.id, "300.1.1.1", "Value must be a valid IP Address"],
      [ip.id, "fe80::1::2", "Value must be a valid IP Address"],
    ];
    for (const [fieldId, value, message] of cases) {
      const res = await put(deviceUrl(), [{ fieldId, value }]);
      expect(res.statusCode, `${fieldId} ${String(value)}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: "E_CUSTOM_FIELD_INVALID",
        message,
        details: { issues: [{ fieldId, message }] },
      });
    }
    const mixed = await put(deviceUrl(), [
      { fieldId: text.id, value: "kept?" },
      { fieldId: int.id, value: "x" },
    ]);
    expect(mixed.statusCode).toBe(400);
    const current = (await admin.get(deviceUrl()))
      .json()
      .items.find((i: { field: { id: number } }) => i.field.id === text.id);
    expect(current.value).toBeNull();
    const ok = await put(deviceUrl(), [
      { fieldId: int.id, value: "42" },
      { fieldId: dec.id, value: 3.25 },
      { fieldId: ip.id, value: "2001:db8::1" },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const values = Object.fromEntries(
      ok.json().items.map((i: { field: { id: number }; value: unknown }) => [i.field.id, i.value]),
    );
    expect([values[int.id], values[dec.id], values[ip.id]]).toEqual([42, 3.25, "2001:db8::1"]);
  });

  it("applies behaviours: required keeps a value on the device, read-only is refused, role fields only for their role", async () => {
    const required = await field({ type: "TEXT", behaviour: "REQUIRED" });
    const readOnly = await field({ type: "TEXT", behaviour: "READ_ONLY" });
    await put(deviceUrl(), [{ fieldId: required.id, value: "set" }]);
    const cleared = await put(deviceUrl(), [{ fieldId: required.id, value: "" }]);
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({
      code: "E_CUSTOM_FIELD_INVALID",
      message: "Mandatory value is undefined. Please enter a value.",
    });
    // With an organization value standing in, clearing the device's own value is fine.
    await put(`/api/organizations/${org.organizationId}/custom-fields`, [
      { fieldId: required.id, value: "org default" },
    ]);
    expect((await put(deviceUrl(), [{ fieldId: required.id, value: null }])).statusCode).toBe(200);
    const ro = await put(deviceUrl(), [{ fieldId: readOnly.id, value: "x" }]);
    expect(ro.statusCode).toBe(400);
    expect(ro.json().code).toBe("E_CUSTOM_FIELD_READ_ONLY");
    const mac = ((await admin.get("/api/noderole/list")).json() as { id: number; key: string }[]).find(
      (r) => r.key === "MAC",
    )!;
    const macOnly = await field({ scope: "ROLE", roleId: mac.id, type: "TEXT" });
    const res = await put(deviceUrl(), [{ fieldId: macOnly.id, value: "x" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_CUSTOM_FIELD_NOT_APPLICABLE");
    expect(
      (await admin.get(deviceUrl())).json().items.map((i: { field: { id: number } }) => i.field.id),
    ).not.toContain(macOnly.id);
    expect((await put(deviceUrl(), [{ fieldId: 999999, value: "x" }])).json().code).toBe(
      "E_CUSTOM_FIELD_NOT_FOUND",
    );
    expect((await admin.get("/api/devices/999999/custom-fields")).json().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await admin.get("/api/organizations/999999/custom-fields")).json().code).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    expect(
      (await admin.get(`/api/organizations/${org.organizationId}/locations/999999/custom-fields`)).json()
        .code,
    ).toBe("E_LOCATION_NOT_FOUND");
  });
});
