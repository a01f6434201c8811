import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCredentialRequest, CredentialView } from "@steward/contracts";
import { auditEvents } from "../../platform/identity/index.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { credentials } from "./credentials.tables.js";
import { credentialSecretContext } from "./credentials.sealing.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const SECRET = () => `S3cret-${++counter}-é "quoted" & ; $HOME`;

const credentialBody = (overrides: Partial<CreateCredentialRequest> = {}): CreateCredentialRequest => ({
  name: `Admin ${++counter}`,
  type: "WINDOWS_LOCAL_ADMIN",
  username: ".\\steward-admin",
  secret: SECRET(),
  ...overrides,
});

async function create(organizationId: number, overrides: Partial<CreateCredentialRequest> = {}) {
  const body = credentialBody(overrides);
  const res = await admin.post(`/api/organizations/${organizationId}/credentials`, body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, res, credential: res.json<CredentialView>() };
}

const rawRow = async (id: number) =>
  (await ctx.deps.db.select().from(credentials).where(eq(credentials.id, id)))[0]!;

describe("access", () => {
  it("answers 401 without a session", async () => {
    const anon = new TestClient(ctx.app);
    for (const [method, url] of [
      ["GET", "/api/credential/organization/1/list"],
      ["POST", "/api/organizations/1/credentials"],
      ["PUT", "/api/organizations/1/credentials/1"],
      ["DELETE", "/api/organizations/1/credentials/1"],
      ["GET", "/api/run-as/choices?os=LINUX"],
    ] as const) {
      const res = await anon.request(method, url, method === "POST" || method === "PUT" ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("lists with jobs.run or credentials.manage, changes with credentials.manage, run-as choices with jobs.run", async () => {
    const { organizationId } = await createOrganization(ctx);
    const { credential } = await create(organizationId);
    const list = `/api/credential/organization/${organizationId}/list`;
    const choices = `/api/run-as/choices?os=LINUX&organizationId=${organizationId}`;
    const changes = (client: TestClient) => [
      () => client.post(`/api/organizations/${organizationId}/credentials`, credentialBody()),
      () => client.put(`/api/organizations/${organizationId}/credentials/${credential.id}`, credentialBody()),
      () => client.delete(`/api/organizations/${organizationId}/credentials/${credential.id}`),
    ];
    const forbidden = async (res: { statusCode: number; json(): { code: string } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    };
    // Organization permissions no longer reach credentials.
    const organizationWriter = (
      await signedInClient(ctx, { permissions: ["organizations.read", "organizations.write"] })
    ).client;
    await forbidden(await organizationWriter.get(list));
    for (const change of changes(organizationWriter)) await forbidden(await change());
    await forbidden(await organizationWriter.get(choices));
    const outsider = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    await forbidden(await outsider.get(list));

    const runner = (await signedInClient(ctx, { permissions: ["jobs.run"] })).client;
    expect((await runner.get(list)).statusCode).toBe(200);
    expect((await runner.get(choices)).statusCode).toBe(200);
    for (const change of changes(runner)) await forbidden(await change());

    const manager = (await signedInClient(ctx, { permissions: ["credentials.manage"] })).client;
    expect((await manager.get(list)).statusCode).toBe(200);
    await forbidden(await manager.get(choices));
    const created = await manager.post(
      `/api/organizations/${organizationId}/credentials`,
      credentialBody({ name: "By manager" }),
    );
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe("secrets are sealed at rest and never answered", () => {
  it("stores the secret sealed (AES-GCM), opens it with the server's key, and no answer carries it", async () => {
    const { organizationId } = await createOrganization(ctx);
    const { body, res, credential } = await create(organizationId);
    const row = await rawRow(credential.id);
    expect(row.secretSealed).not.toContain(body.secret);
    expect(row.secretSealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(ctx.deps.secretBox.open(row.secretSealed, credentialSecretContext(credential.id))).toBe(
      body.secret,
    );
    // Sealed for its own row: copied into another credential's row it does not open there.
    const other = await create(organizationId, { name: "Other" });
    expect(() =>
      ctx.deps.secretBox.open(row.secretSealed, credentialSecretContext(other.credential.id)),
    ).toThrow();

    const list = await admin.get(`/api/credential/organization/${organizationId}/list`);
    const choices = await admin.get(`/api/run-as/choices?os=WINDOWS&organizationId=${organizationId}`);
    const updated = await admin.put(`/api/organizations/${organizationId}/credentials/${credential.id}`, {
      ...body,
      description: "changed",
    });
    for (const answer of [res, list, choices, updated]) {
      expect(answer.body).not.toContain("S3cret");
      expect(answer.body).not.toContain(row.secretSealed);
      expect(answer.body).not.toMatch(/secret/i);
    }
    const audits = await ctx.deps.db.select({ data: auditEvents.data }).from(auditEvents);
    expect(JSON.stringify(audits)).not.toContain("S3cret");
    expect(JSON.stringify(audits)).not.toContain(row.secretSealed);
  });

  it("keeps the stored secret when an update leaves it out, and seals a new one when given", async () => {
    const { organizationId } = await createOrganization(ctx);
    const { body, credential } = await create(organizationId);
    const sealed = (await rawRow(credential.id)).secretSealed;
    const { secret: _secret, ...withoutSecret } = body;
    const kept = await admin.put(`/api/organizations/${organizationId}/credentials/${credential.id}`, {
      ...withoutSecret,
      username: "ops",
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ username: "ops" });
    expect((await rawRow(credential.id)).secretSealed).toBe(sealed);

    const replaced = await admin.put(`/api/organizations/${organizationId}/credentials/${credential.id}`, {
      ...withoutSecret,
      secret: "new one",
    });
    expect(replaced.statusCode).toBe(200);
    const row = await rawRow(credential.id);
    expect(row.secretSealed).not.toBe(sealed);
    expect(ctx.deps.secretBox.open(row.secretSealed, credentialSecretContext(credential.id))).toBe("new one");
  });
});

describe("the spec's list call and the editor's changes", () => {
  it("answers exactly { resultCode: SUCCESS, credentials } with the organization's credentials only", async () => {
    const { organizationId } = await createOrganization(ctx);
    const other = await createOrganization(ctx);
    const a = (await create(organizationId, { name: "b linux", type: "LINUX", username: "root" })).credential;
    const b = (await create(organizationId, { name: "A windows" })).credential;
    await create(other.organizationId);
    const res = await admin.get(`/api/credential/organization/${organizationId}/list`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["credentials", "resultCode"]);
    expect(body).toEqual({ resultCode: "SUCCESS", credentials: [b, a] });
    expect(Object.keys(body.credentials[0]).sort()).toEqual(
      [
        "createdAt",
        "description",
        "id",
        "name",
        "organizationId",
        "preferred",
        "type",
        "updatedAt",
        "username",
      ].sort(),
    );
    const empty = await createOrganization(ctx);
    expect((await admin.get(`/api/credential/organization/${empty.organizationId}/list`)).json()).toEqual({
      resultCode: "SUCCESS",
      credentials: [],
    });
  });

  it("answers an unknown organization with 404 E_ORGANIZATION_NOT_FOUND", async () => {
    for (const res of [
      await admin.get("/api/credential/organization/999999/list"),
      await admin.post("/api/organizations/999999/credentials", credentialBody()),
      await admin.get("/api/run-as/choices?os=MAC&organizationId=999999"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "E_ORGANIZATION_NOT_FOUND", message: "No such organization" });
    }
  });

  it("refuses a second credential of the same name in an organization (409), not in another", async () => {
    const { organizationId } = await createOrganization(ctx);
    const other = await createOrganization(ctx);
    await create(organizationId, { name: "Domain admin" });
    const res = await admin.post(
      `/api/organizations/${organizationId}/credentials`,
      credentialBody({ name: "DOMAIN ADMIN" }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "E_CREDENTIAL_NAME_TAKEN",
      message: 'A credential named "DOMAIN ADMIN" already exists in this organization',
    });
    expect(
      (
        await admin.post(
          `/api/organizations/${other.organizationId}/credentials`,
          credentialBody({ name: "Domain admin" }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it("keeps one preferred credential per type: marking another takes it over", async () => {
    const { organizationId } = await createOrganization(ctx);
    const first = (await create(organizationId, { type: "LINUX", preferred: true })).credential;
    const windows = (await create(organizationId, { type: "WINDOWS_LOCAL_ADMIN", preferred: true }))
      .credential;
    const second = (await create(organizationId, { type: "LINUX", preferred: true })).credential;
    const list = (await admin.get(`/api/credential/organization/${organizationId}/list`)).json()
      .credentials as CredentialView[];
    const preferred = Object.fromEntries(list.map((c) => [c.id, c.preferred]));
    expect(preferred).toEqual({ [first.id]: false, [windows.id]: true, [second.id]: true });
    const body = { name: first.name, type: "LINUX", username: "root", preferred: true };
    expect(
      (await admin.put(`/api/organizations/${organizationId}/credentials/${first.id}`, body)).json()
        .preferred,
    ).toBe(true);
    expect(
      (await admin.get(`/api/credential/organization/${organizationId}/list`))
        .json()
        .credentials.filter((c: CredentialView) => c.preferred)
        .map((c: CredentialView) => c.id)
        .sort(),
    ).toEqual([first.id, windows.id].sort());
  });

  it("deletes a credential; a credential of another organization is 404 E_CREDENTIAL_NOT_FOUND", async () => {
    const { organizationId } = await createOrganization(ctx);
    const other = await createOrganization(ctx);
    const { credential, body } = await create(organizationId);
    const foreign = await admin.put(
      `/api/organizations/${other.organizationId}/credentials/${credential.id}`,
      body,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "E_CREDENTIAL_NOT_FOUND", message: "Credential not found" });
    expect(
      (await admin.delete(`/api/organizations/${other.organizationId}/credentials/${credential.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.delete(`/api/organizations/${organizationId}/credentials/${credential.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await admin.delete(`/api/organizations/${organizationId}/credentials/${credential.id}`)).json().code,
    ).toBe("E_CREDENTIAL_NOT_FOUND");
    expect(
      (await ctx.deps.db.select().from(credentials).where(eq(credentials.id, credential.id))).length,
    ).toBe(0);
  });

  it("validates by code with the spec's mandatory message", async () => {
    const { organizationId } = await createOrganization(ctx);
    const url = `/api/organizations/${organizationId}/credentials`;
    const cases: [Partial<CreateCredentialRequest>, string][] = [
      [{ name: "  " }, "name: Mandatory value is undefined. Please enter a value."],
      [{ username: "" }, "username: Mandatory value is undefined. Please enter a value."],
      [{ secret: "" }, "secret: Mandatory value is undefined. Please enter a value."],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post(url, credentialBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "E_VALIDATION", message });
    }
    const badType = await admin.post(url, { ...credentialBody(), type: "ROOT" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().code).toBe("E_VALIDATION");
    expect(badType.json().message).toMatch(/^type: /);
    const noSecret = await admin.post(url, { name: "x", type: "LINUX", username: "root" });
    expect(noSecret.json()).toMatchObject({ code: "E_VALIDATION" });
    expect(noSecret.json().message).toMatch(/^secret: /);
  });
});

describe("GET /api/run-as/choices", () => {
  const labels = (body: { choices: { label: string }[] }) => body.choices.map((c) => c.label);

  it("offers exactly the spec's built-in choices per OS without an organization", async () => {
    const windows = await admin.get("/api/run-as/choices?os=WINDOWS");
    expect(windows.statusCode).toBe(200);
    expect(labels(windows.json())).toEqual([
      "System",
      "Current Logged on User",
      "Preferred Windows Local Admin",
      "Preferred Windows Domain Admin",
    ]);
    expect(windows.json().choices[0]).toEqual({
      value: "System",
      label: "System",
      kind: "BUILT_IN",
      credentialId: null,
      credentialType: null,
    });
    expect(labels((await admin.get("/api/run-as/choices?os=MAC")).json())).toEqual([
      "System",
      "Preferred Mac Credential",
    ]);
    expect(labels((await admin.get("/api/run-as/choices?os=LINUX")).json())).toEqual([
      "System",
      "Preferred Linux Credential",
    ]);
  });

  it("adds the organization's credentials that fit the OS, and names the preferred one behind each Preferred choice", async () => {
    const { organizationId } = await createOrganization(ctx);
    const local = (
      await create(organizationId, {
        name: "Local admin",
        type: "WINDOWS_LOCAL_ADMIN",
        username: "admin",
        preferred: true,
      })
    ).credential;
    const domain = (
      await create(organizationId, {
        name: "Domain admin",
        type: "WINDOWS_DOMAIN_ADMIN",
        username: "CORP\\admin",
      })
    ).credential;
    const linux = (
      await create(organizationId, { name: "Linux root", type: "LINUX", username: "root", preferred: true })
    ).credential;
    const mac = (await create(organizationId, { name: "Mac admin", type: "MAC", username: "ladmin" }))
      .credential;
    const other = (
      await create(organizationId, { name: "Backup account", type: "OTHER", username: "svc-backup" })
    ).credential;

    const windows = (
      await admin.get(`/api/run-as/choices?os=WINDOWS&organizationId=${organizationId}`)
    ).json();
    expect(windows.choices).toEqual([
      { value: "System", label: "System", kind: "BUILT_IN", credentialId: null, credentialType: null },
      {
        value: "Current Logged on User",
        label: "Current Logged on User",
        kind: "BUILT_IN",
        credentialId: null,
        credentialType: null,
      },
      {
        value: "Preferred Windows Local Admin",
        label: "Preferred Windows Local Admin",
        kind: "BUILT_IN",
        credentialId: local.id,
        credentialType: "WINDOWS_LOCAL_ADMIN",
      },
      {
        value: "Preferred Windows Domain Admin",
        label: "Preferred Windows Domain Admin",
        kind: "BUILT_IN",
        credentialId: null,
        credentialType: "WINDOWS_DOMAIN_ADMIN",
      },
      {
        value: `credential:${other.id}`,
        label: "Backup account (svc-backup)",
        kind: "CREDENTIAL",
        credentialId: other.id,
        credentialType: "OTHER",
      },
      {
        value: `credential:${domain.id}`,
        label: "Domain admin (CORP\\admin)",
        kind: "CREDENTIAL",
        credentialId: domain.id,
        credentialType: "WINDOWS_DOMAIN_ADMIN",
      },
      {
        value: `credential:${local.id}`,
        label: "Local admin (admin)",
        kind: "CREDENTIAL",
        credentialId: local.id,
        credentialType: "WINDOWS_LOCAL_ADMIN",
      },
    ]);
    const linuxChoices = (
      await admin.get(`/api/run-as/choices?os=LINUX&organizationId=${organizationId}`)
    ).json();
    expect(labels(linuxChoices)).toEqual([
      "System",
      "Preferred Linux Credential",
      "Backup account (svc-backup)",
      "Linux root (root)",
    ]);
    expect(linuxChoices.choices[1].credentialId).toBe(linux.id);
    const macChoices = (
      await admin.get(`/api/run-as/choices?os=MAC&organizationId=${organizationId}`)
    ).json();
    expect(labels(macChoices)).toEqual([
      "System",
      "Preferred Mac Credential",
      "Backup account (svc-backup)",
      "Mac admin (ladmin)",
    ]);
    expect(macChoices.choices[1].credentialId).toBeNull();
    expect(macChoices.choices[3].credentialId).toBe(mac.id);
  });

  it("requires a known OS", async () => {
    for (const url of [
      "/api/run-as/choices",
      "/api/run-as/choices?os=ANDROID",
      "/api/run-as/choices?os=LINUX&organizationId=x",
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
  });
});
