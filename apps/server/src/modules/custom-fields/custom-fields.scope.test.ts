import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomFieldValues } from "@steward/contracts";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;
let fieldId: number;

beforeAll(async () => {
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage"],
    devices: { a: [{}], b: [{}] },
  }));
  const res = await admin.post("/api/custom-fields", {
    scope: "GLOBAL",
    name: "contract",
    label: "Contract",
    type: "TEXT",
  });
  expect(res.statusCode, res.body).toBe(201);
  fieldId = res.json().id;
});
afterAll(async () => {
  await ctx.close();
});

/** Value routes of B's organization, its location and its device (and their not-existing twins). */
const levels = () => [
  {
    url: (id: number) => `/api/organizations/${id}/custom-fields`,
    outside: b.organizationId,
    code: "E_ORGANIZATION_NOT_FOUND",
  },
  {
    url: (id: number) => `/api/organizations/${id}/locations/${b.locationId}/custom-fields`,
    outside: b.organizationId,
    code: "E_ORGANIZATION_NOT_FOUND",
  },
  {
    url: (id: number) => `/api/devices/${id}/custom-fields`,
    outside: b.deviceIds[0]!,
    code: "E_DEVICE_NOT_FOUND",
  },
];

const valueAt = async (url: string) =>
  (await admin.get(url)).json<CustomFieldValues>().items.find((i) => i.field.id === fieldId)?.value ?? null;

describe("custom-field values within the caller's scope", () => {
  it("reads at another organization's organization, location or device answer 404 like missing ones", async () => {
    for (const level of levels()) {
      const [outside, missing] = [
        await scoped.get(level.url(level.outside)),
        await scoped.get(level.url(MISSING)),
      ];
      expect(outside.statusCode, level.url(level.outside)).toBe(404);
      expect(outside.json()).toMatchObject({ code: level.code, message: missing.json().message });
      expect(missing.json().code).toBe(level.code);
      expect((await full.get(level.url(level.outside))).statusCode).toBe(200);
    }
  });

  it("writes there answer 404 and store nothing; inside the scope and with full access they are stored", async () => {
    const body = { values: [{ fieldId, value: "taken over" }] };
    for (const level of levels()) {
      const res = await scoped.put(level.url(level.outside), body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(level.code);
      expect(await valueAt(level.url(level.outside))).toBeNull();
    }
    const devicesWithValue = async () =>
      (await admin.get(`/api/devices?cf=${fieldId}:contains:taken`)).json().total as number;
    expect(await devicesWithValue()).toBe(0);

    const own = await scoped.put(`/api/organizations/${a.organizationId}/custom-fields`, body);
    expect(own.statusCode, own.body).toBe(200);
    const inherited = (await admin.get(`/api/devices/${a.deviceIds[0]}/custom-fields`))
      .json<CustomFieldValues>()
      .items.find((i) => i.field.id === fieldId);
    expect(inherited).toMatchObject({
      value: null,
      effectiveValue: "taken over",
      effectiveSource: "ORGANIZATION",
    });
    expect(await devicesWithValue()).toBe(1);
    const other = await full.put(`/api/devices/${b.deviceIds[0]}/custom-fields`, body);
    expect(other.statusCode, other.body).toBe(200);
    expect(await valueAt(`/api/devices/${b.deviceIds[0]}/custom-fields`)).toBe("taken over");
  });
});
