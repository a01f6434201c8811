import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { AuditEvent } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { auditAs, auditEvents } from "../../platform/identity/index.js";

let ctx: TestContext;
let admin: TestClient;
let adminEmail: string;
let orgA: { organizationId: number; locationId: number };
let orgB: { organizationId: number; locationId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, email: adminEmail } = await signedInClient(ctx, { admin: true }));
  orgA = await createOrganization(ctx);
  orgB = await createOrganization(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A fresh action prefix, so each test reads only its own events. */
const prefix = () => `test${randomBytes(4).toString("hex")}.`;

async function seed(
  action: string,
  values: {
    organizationId?: number | null;
    outcome?: "SUCCESS" | "FAILURE";
    actor?: string;
    data?: Record<string, unknown>;
    ip?: string;
  } = {},
) {
  await auditAs(
    ctx.deps.db,
    { actorUserId: null, actorLabel: values.actor ?? "seed@example.test", ip: values.ip ?? "198.51.100.1" },
    {
      action,
      targetType: "thing",
      targetId: "7",
      organizationId: values.organizationId ?? null,
      ...(values.outcome ? { outcome: values.outcome } : {}),
      ...(values.data ? { data: values.data } : {}),
    },
  );
}

async function list(client: TestClient, query: Record<string, string>) {
  const res = await client.get("/api/audit-events", { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEvent[]; total: number; page: number; pageSize: number };
}

describe("GET /api/audit-events", () => {
  it("answers 401 without a session and 403 without audit.read", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/audit-events")).json().code).toBe("E_UNAUTHENTICATED");
    expect((await anonymous.get("/api/audit-events/export.csv")).statusCode).toBe(401);
    const { client } = await signedInClient(ctx, { permissions: ["devices.read", "settings.read"] });
    const res = await client.get("/api/audit-events");
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_FORBIDDEN");
    expect((await client.get("/api/audit-events/export.csv")).statusCode).toBe(403);
  });

  it("lists events newest first with organization names, a page at a time", async () => {
    const p = prefix();
    for (let i = 1; i <= 5; i++) await seed(`${p}e${i}`, { organizationId: orgA.organizationId });
    const first = await list(admin, { action: p, pageSize: "2" });
    expect(first.total).toBe(5);
    expect(first.items.map((e) => e.action)).toEqual([`${p}e5`, `${p}e4`]);
    expect(first.items[0]).toMatchObject({
      actorLabel: "seed@example.test",
      targetType: "thing",
      targetId: "7",
      organizationId: orgA.organizationId,
      outcome: "SUCCESS",
      ip: "198.51.100.1",
    });
    expect(first.items[0]!.organizationName).toMatch(/^Agent Org/);
    const third = await list(admin, { action: p, pageSize: "2", page: "3" });
    expect(third.items.map((e) => e.action)).toEqual([`${p}e1`]);
  });

  it("filters by action prefix, actor, organization, target type, outcome, period and free text", async () => {
    const p = prefix();
    await seed(`${p}sign_in`, { outcome: "FAILURE", actor: "mallory@example.test", ip: "203.0.113.66" });
    await seed(`${p}credential.create`, {
      organizationId: orgA.organizationId,
      data: { name: "Domain admin" },
    });
    await seed(`${p}credential.delete`, { organizationId: orgB.organizationId });
    const actions = async (q: Record<string, string>) =>
      (await list(admin, { action: p, ...q })).items.map((e) => e.action).sort();

    expect(await actions({ action: `${p}credential.` })).toEqual([
      `${p}credential.create`,
      `${p}credential.delete`,
    ]);
    expect(await actions({ actor: "MALLORY" })).toEqual([`${p}sign_in`]);
    expect(await actions({ organizationId: String(orgB.organizationId) })).toEqual([`${p}credential.delete`]);
    expect(await actions({ outcome: "FAILURE" })).toEqual([`${p}sign_in`]);
    expect(await actions({ targetType: "other" })).toEqual([]);
    expect(await actions({ q: "domain ADMIN" })).toEqual([`${p}credential.create`]);
    expect(await actions({ q: "203.0.113.66" })).toEqual([`${p}sign_in`]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(await actions({ from: future })).toEqual([]);
    expect((await actions({ from: past, to: future })).length).toBe(3);
    expect(await actions({ to: past })).toEqual([]);
  });

  it("treats LIKE wildcards in the filters as text", async () => {
    const p = prefix();
    await seed(`${p}abc`);
    expect((await list(admin, { action: `${p}%` })).total).toBe(0);
    expect((await list(admin, { action: p, q: "_" })).total).toBe(0);
  });

  it("refuses bad filters with E_VALIDATION", async () => {
    const bad: Record<string, string>[] = [
      { outcome: "MAYBE" },
      { from: "yesterday" },
      { organizationId: "0" },
      { pageSize: "1000" },
      { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" },
      { q: "a\u0000b" },
    ];
    for (const query of bad) {
      const res = await admin.get("/api/audit-events", { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
  });

  it("shows a technician limited to some organizations only the events of those organizations", async () => {
    const p = prefix();
    await seed(`${p}in_a`, { organizationId: orgA.organizationId });
    await seed(`${p}in_b`, { organizationId: orgB.organizationId });
    await seed(`${p}global`);
    const { client: limited } = await signedInClient(ctx, {
      permissions: ["audit.read", "devices.read"],
      organizationIds: [orgA.organizationId],
    });
    expect((await list(limited, { action: p })).items.map((e) => e.action)).toEqual([`${p}in_a`]);
    // Asking for another organization answers like an empty one.
    expect((await list(limited, { action: p, organizationId: String(orgB.organizationId) })).total).toBe(0);
    const { client: everywhere } = await signedInClient(ctx, { permissions: ["audit.read"] });
    expect((await list(everywhere, { action: p })).items.map((e) => e.action).sort()).toEqual([
      `${p}global`,
      `${p}in_a`,
      `${p}in_b`,
    ]);
  });
});

describe("GET /api/audit-events/export.csv", () => {
  it("exports the filtered events with formula leads neutralized, and records the export", async () => {
    const p = prefix();
    await seed(`${p}one`, { actor: '=HYPERLINK("http://evil")', organizationId: orgA.organizationId });
    await seed(`${p}two`, { actor: "plain@example.test", organizationId: orgB.organizationId });
    await seed(`${p}three`, { actor: "-5", data: { note: "@SUM(A1)" }, organizationId: orgA.organizationId });
    const res = await admin.get("/api/audit-events/export.csv", {
      query: { action: p, organizationId: String(orgA.organizationId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Time,Actor,Actor id,Action,Target type,Target id,Organization id,Organization,Outcome,IP address,Data",
    );
    expect(lines).toHaveLength(3);
    // Newest first: a plain negative number stays a number; formula leads get a quote.
    expect(lines[1]).toMatch(new RegExp(`^[^,]+,-5,,${p.replace(".", "\\.")}three,`));
    expect(lines[1]).toContain(`"{""note"":""@SUM(A1)""}"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain(`${p}one`);
    const recorded = await ctx.deps.db
      .select({ actorLabel: auditEvents.actorLabel, data: auditEvents.data })
      .from(auditEvents)
      .where(eq(auditEvents.action, "audit.export"));
    expect(recorded.at(-1)).toEqual({
      actorLabel: adminEmail,
      data: { filters: { action: p, organizationId: orgA.organizationId } },
    });
  });
});

describe("HEAD /api/audit-events/export.csv", () => {
  it("answers the export's headers without reading or recording an export", async () => {
    const count = async () =>
      (
        await ctx.deps.db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(eq(auditEvents.action, "audit.export"))
      ).length;
    const before = await count();
    const res = await admin.request("HEAD", "/api/audit-events/export.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-/);
    expect(res.body).toBe("");
    expect(await count()).toBe(before);
  });
});

describe("events the console records", () => {
  it("records a job submit per organization and the Run As credential it used, never the secret", async () => {
    const secret = `S3cret-${randomBytes(6).toString("hex")}`;
    const created = await admin.post(`/api/organizations/${orgA.organizationId}/credentials`, {
      name: `deploy-${randomBytes(3).toString("hex")}`,
      type: "LINUX",
      username: "deploy",
      secret,
    });
    expect(created.statusCode, created.body).toBe(201);
    const credentialId = created.json().id as number;
    const device = await enrollDevice(ctx, orgA, {
      inventory: { os: { family: "LINUX", name: "Ubuntu 24.04", version: "24.04", arch: "x64" } },
    });
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: device.id,
          jobs: [
            {
              jobType: "ACTION",
              content: {
                script: { name: "whoami", language: "bash", body: "id -un" },
                runAs: `credential:${credentialId}`,
              },
            },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobUid = res.json().jobs[0].jobUid as string;

    const submitted = await list(admin, { action: "jobs.submitted", q: jobUid });
    expect(submitted.items).toHaveLength(1);
    expect(submitted.items[0]).toMatchObject({
      actorLabel: adminEmail,
      organizationId: orgA.organizationId,
      targetId: jobUid,
      data: { count: 1, jobUids: [jobUid] },
    });
    const used = await list(admin, { action: "credential.use", organizationId: String(orgA.organizationId) });
    expect(used.items[0]).toMatchObject({
      targetType: "credential",
      targetId: String(credentialId),
      actorLabel: adminEmail,
    });
    const creation = await list(admin, {
      action: "credential.create",
      organizationId: String(orgA.organizationId),
    });
    expect(creation.items.map((e) => e.targetId)).toContain(String(credentialId));
    const everything = await ctx.deps.db.select({ data: auditEvents.data }).from(auditEvents);
    expect(JSON.stringify(everything)).not.toContain(secret);

    const cancel = await admin.post(`/api/webapp/job/${jobUid}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await ctx.deps.db
      .select({ organizationId: auditEvents.organizationId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "job.cancelled"), eq(auditEvents.targetId, jobUid)));
    expect(cancelled).toEqual([{ organizationId: orgA.organizationId }]);
  });

  it("records device approval and deletion with the device's organization", async () => {
    const device = await enrollDevice(ctx, orgB, { approvalStatus: "PENDING" });
    expect((await admin.post(`/api/devices/${device.id}/approve`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/devices/${device.id}`)).statusCode).toBeLessThan(300);
    const rows = await ctx.deps.db
      .select({ action: auditEvents.action, organizationId: auditEvents.organizationId })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "device"), eq(auditEvents.targetId, String(device.id))))
      .orderBy(auditEvents.id);
    expect(rows).toEqual([
      { action: "device.approve", organizationId: orgB.organizationId },
      { action: "device.delete", organizationId: orgB.organizationId },
    ]);
  });

  it("records enrollment-token creation, reveal and revocation with the organization, never the token", async () => {
    const created = await admin.post(`/api/organizations/${orgA.organizationId}/enrollment-tokens`, {
      locationId: orgA.locationId,
      name: "Laptops",
      expiresInHours: 24,
      maxUses: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, secret } = created.json() as { token: { id: number }; secret: string };
    expect((await admin.get(`/api/enrollment-tokens/${token.id}/secret`)).statusCode).toBe(200);
    expect((await admin.post(`/api/enrollment-tokens/${token.id}/revoke`)).statusCode).toBe(200);
    const rows = await ctx.deps.db
      .select({
        action: auditEvents.action,
        organizationId: auditEvents.organizationId,
        data: auditEvents.data,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "enrollment_token"), eq(auditEvents.targetId, String(token.id))))
      .orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.organizationId])).toEqual([
      ["enrollment_token.created", orgA.organizationId],
      ["enrollment_token.revealed", orgA.organizationId],
      ["enrollment_token.revoked", orgA.organizationId],
    ]);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});
