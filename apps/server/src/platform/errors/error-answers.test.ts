import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessageMatcher,
  errorResponseSchema,
  flattenCatalogue,
  sharedEn,
  type ErrorResponse,
} from "@steward/contracts";
import type { LightMyRequestResponse } from "fastify";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { userTechnicianRoles } from "../identity/index.js";
import { translatorFor, type SharedMessageId } from "../i18n/translator.js";

let ctx: TestContext;
let admin: TestClient;
let n = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++n}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

/** The error body, checked against the contract, and its message as the catalogue writes it. */
function errorOf(res: LightMyRequestResponse): ErrorResponse {
  const body = errorResponseSchema.parse(res.json());
  expect(body.messageId, res.body).toBeDefined();
  const id = body.messageId as SharedMessageId;
  expect(body.message).toBe(translatorFor("en")(id, body.messageValues));
  return body;
}

describe("error answers carry their catalogue id and values", () => {
  it("a role still held: the role's name as a value, the same text in German from the same id", async () => {
    const name = unique("Night shift");
    const role = await admin.post("/api/technician-roles", {
      name,
      permissions: ["organizations.read"],
      allOrganizations: true,
      organizationIds: [],
    });
    expect(role.statusCode, role.body).toBe(201);
    const holder = await signedInClient(ctx, { permissions: [] });
    await ctx.deps.db.insert(userTechnicianRoles).values({ userId: holder.userId, roleId: role.json().id });

    const res = await admin.delete(`/api/technician-roles/${role.json().id}`);
    expect(res.statusCode).toBe(409);
    const body = errorOf(res);
    expect(body).toMatchObject({
      code: "E_ROLE_IN_USE",
      messageId: "errors.roles.inUse",
      messageValues: { name },
      message: `The role "${name}" is held by technicians: take it away from them first`,
    });
    expect(translatorFor("de")("errors.roles.inUse", body.messageValues)).toBe(
      `Die Rolle „${name}“ ist Technikern zugewiesen: Entziehen Sie sie ihnen zuerst`,
    );
  });

  it("an organization name already taken", async () => {
    const name = unique("Fabrikam");
    expect((await admin.post("/api/organizations", { name })).statusCode).toBe(201);
    const res = await admin.post("/api/organizations", { name });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: "E_ORGANIZATION_NAME_TAKEN",
      messageId: "errors.organizations.nameTaken",
      messageValues: { name },
      message: `An organization named "${name}" already exists`,
    });
  });

  it("a request the schema refuses: the field and its issue, the issue itself a catalogue text", async () => {
    const res = await admin.post("/api/organizations", { name: "   " });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body).toMatchObject({
      code: "E_VALIDATION",
      messageId: "errors.validation.field",
      messageValues: { field: "name", issue: sharedEn.validation.mandatory },
      message: `name: ${sharedEn.validation.mandatory}`,
    });
    const match = createMessageMatcher(flattenCatalogue(sharedEn));
    expect(match(String(body.messageValues?.issue))).toEqual({ id: "validation.mandatory", values: {} });
  });

  it("a code answered with its default text, and an unknown endpoint with the method and path", async () => {
    const anonymous = new TestClient(ctx.app);
    const res = await anonymous.get("/api/organizations");
    expect(res.statusCode).toBe(401);
    const unauthenticated = errorOf(res);
    expect(unauthenticated).toMatchObject({
      code: "E_UNAUTHENTICATED",
      messageId: "errors.auth.unauthenticated",
    });
    expect(unauthenticated.messageValues).toBeUndefined();

    const missing = await admin.get("/api/no-such-thing");
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      code: "E_NOT_FOUND",
      messageId: "errors.http.noEndpoint",
      messageValues: { method: "GET", path: "/api/no-such-thing" },
      message: "No such endpoint: GET /api/no-such-thing",
    });
  });
});
