import { createHash } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization, ensureAgentBundle, startAgentSide } from "../../testing/agent-harness.js";
import { agentBundlePath } from "./enrollment.routes.js";

let ctx: TestContext;
let org: { organizationId: number; locationId: number };
beforeAll(async () => {
  ctx = await createTestContext({ agentPublicUrl: "http://agents.example.test:8081" });
  org = await createOrganization(ctx);
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const base = () => `/api/organizations/${org.organizationId}/enrollment-tokens`;

describe("enrollment tokens in the console", () => {
  it("401 without a session, 403 without the permission", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get(base())).statusCode).toBe(401);
    expect((await anon.post(base(), { locationId: org.locationId })).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get(base())).statusCode).toBe(200);
    const create = await reader.post(base(), { locationId: org.locationId });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("E_FORBIDDEN");
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get(base())).statusCode).toBe(403);
  });

  it("creates a location-scoped token, shows its install commands, lists it without the secret, revokes it", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    const res = await client.post(base(), {
      locationId: org.locationId,
      name: "Front desk",
      expiresInHours: 48,
      maxUses: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^stw_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({
      name: "Front desk",
      state: "ACTIVE",
      maxUses: 5,
      useCount: 0,
      locationName: "Main Office",
    });
    expect(created.agentServerUrl).toBe("http://agents.example.test:8081");
    // The install commands pin the server's command key and the agent file's SHA-256.
    const fingerprint = createHash("sha256")
      .update(Buffer.from(ctx.deps.commandSigner.publicKey, "base64"))
      .digest("hex");
    expect(created.serverKeyFingerprint).toBe(fingerprint);
    const bundleSha256 = createHash("sha256").update(fs.readFileSync(agentBundlePath)).digest("hex");
    expect(created.agentSha256).toBe(bundleSha256);
    for (const os of ["linux", "mac", "windows"]) {
      expect(created.commands[os]).toContain(`--server-key-fingerprint ${fingerprint}`);
      expect(created.commands[os]).toContain(bundleSha256);
      expect(created.commands[os]).toContain(
        `enroll --server http://agents.example.test:8081 --token ${created.secret}`,
      );
      expect(created.commands[os]).toContain(
        "http://agents.example.test:8081/agent/v1/download/steward-agent.mjs",
      );
    }
    // Node.js is the one prerequisite on Linux: minimal installs have no curl.
    expect(created.commands.linux).not.toMatch(/\b(curl|wget)\b/);
    // sudo resets PATH: Node.js is named by the path the technician's shell finds (nvm installs).
    for (const os of ["linux", "mac"]) {
      expect(created.commands[os]).not.toMatch(/sudo node\b/);
      expect(created.commands[os]).toContain('sudo "$(command -v node)" ');
    }
    const list = (await client.get(base())).json();
    expect(list.items[0]).toMatchObject({ id: created.token.id, state: "ACTIVE" });
    expect(JSON.stringify(list)).not.toContain(created.secret);

    expect((await client.get(`/api/enrollment-tokens/${created.token.id}/secret`)).json().secret).toBe(
      created.secret,
    );
    const revoked = await client.post(`/api/enrollment-tokens/${created.token.id}/revoke`);
    expect(revoked.json()).toMatchObject({ state: "REVOKED", revokedAt: expect.any(String) });
  });

  it("refuses a location of another organization and unknown organizations", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    const other = await createOrganization(ctx);
    const res = await client.post(base(), { locationId: other.locationId });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_LOCATION_NOT_FOUND");
    expect((await client.get("/api/organizations/999999/enrollment-tokens")).json().code).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    expect((await client.post("/api/enrollment-tokens/999999/revoke")).json().code).toBe(
      "E_ENROLLMENT_TOKEN_NOT_FOUND",
    );
  });

  it("serves the agent program to technicians and, for install commands, on the agent listener", async () => {
    await ensureAgentBundle();
    const { client } = await signedInClient(ctx, { permissions: ["devices.read"] });
    const res = await client.get("/api/agent/download");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("steward-agent.mjs");
    expect(res.body.slice(0, 40)).toContain("#!/usr/bin/env node");
    const agents = await startAgentSide(ctx);
    try {
      const fromListener = await fetch(`${agents.url}/agent/v1/download/steward-agent.mjs`);
      expect(fromListener.status).toBe(200);
      expect((await fromListener.text()).length).toBe(res.body.length);
    } finally {
      await agents.close();
    }
  });
});
