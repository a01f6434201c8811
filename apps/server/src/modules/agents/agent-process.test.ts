import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { createTestContext, TestClient, signedInClient, type TestContext } from "../../testing/test-app.js";
import {
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentProcess,
  startAgentSide,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import { enrollmentTokens } from "./agents.tables.js";
import { systemScope } from "../../platform/identity/index.js";
import type { AgentSide } from "./index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let org: { organizationId: number; locationId: number };

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 3 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  org = await createOrganization(ctx);
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  await closeSide();
  await ctx.close();
});

async function token(options: { maxUses?: number | null; organization?: typeof org } = {}) {
  const target = options.organization ?? org;
  const { token: value, row } = await side.enrollment.createToken({
    ...target,
    name: "test",
    expiresInHours: 24,
    maxUses: options.maxUses === undefined ? 10 : options.maxUses,
    createdByUserId: 1,
  });
  return { value, row };
}

const device = async (id: number) => (await ctx.deps.db.select().from(devices).where(eq(devices.id, id)))[0]!;

describe("a real agent process", () => {
  it("enrolls with a token, comes UP with its inventory, goes DOWN when killed and UP when restarted", async () => {
    const { value } = await token();
    const dataDir = tempDir();
    const enrolled = await agentCli(["enroll", "--server", url, "--token", value, "--data-dir", dataDir]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const id = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);

    // The private key stays on the device, readable by its owner only.
    const stateFile = path.join(dataDir, "agent.json");
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    const state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
    expect(state.privateKeyPem).toContain("PRIVATE KEY");
    const row = await device(id);
    expect(row.publicKey).toBe(state.publicKey);
    expect(row.approvalStatus).toBe("APPROVED");
    expect(row.status).toBe("DOWN");
    expect(row.publicIp).toBe("127.0.0.1");
    const inventory = (await side.devices.repo.inventory(id)) as proto.Inventory;
    expect(inventory.os.family).toBe("LINUX");
    expect(inventory.volumes.length).toBeGreaterThan(0);
    expect(inventory.software.length).toBeGreaterThan(10);
    expect(row.softwareCount).toBe(inventory.software.length);

    const agentProcess = startAgentProcess(dataDir);
    await waitFor("device UP", async () => (await device(id)).status === "UP");
    expect(side.gateway.isOnline(id)).toBe(true);

    agentProcess.kill("SIGKILL");
    await waitFor("device DOWN after kill", async () => (await device(id)).status === "DOWN", 5_000);

    const again = startAgentProcess(dataDir);
    await waitFor("device UP after restart", async () => (await device(id)).status === "UP");
    again.kill("SIGTERM");
    await waitFor("device DOWN after stop", async () => (await device(id)).status === "DOWN", 5_000);

    const types = (
      await ctx.deps.db.select().from(deviceActivities).where(eq(deviceActivities.deviceId, id))
    ).map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(["ENROLLED", "CAME_UP", "WENT_DOWN"]));
    expect(types.filter((t) => t === "CAME_UP")).toHaveLength(2);

    const status = await agentCli(["status", "--data-dir", dataDir]);
    expect(status.stdout).toContain(`Device ${id} enrolled`);

    // Running the install command again keeps the identity (and lets the service steps run);
    // another server is refused.
    const rerun = await agentCli(["enroll", "--server", url, "--token", value, "--data-dir", dataDir]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain(`Already enrolled as device ${id}`);
    expect(JSON.parse(fs.readFileSync(stateFile, "utf8")).privateKeyPem).toBe(state.privateKeyPem);
    const elsewhere = await agentCli([
      "enroll",
      "--server",
      "http://127.0.0.1:9",
      "--token",
      value,
      "--data-dir",
      dataDir,
    ]);
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.stderr).toContain(`Already enrolled with ${url}`);
  }, 90_000);
});

describe("enrollment tokens", () => {
  const enroll = (body: unknown) =>
    fetch(`${url}/agent/v1/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const keyPair = () => {
    const raw = Buffer.alloc(32);
    crypto.getRandomValues(raw);
    return raw.toString("base64");
  };
  let inventory: proto.Inventory;
  beforeAll(async () => {
    const first = await ctx.deps.db.select().from(devices).limit(1);
    inventory = (await side.devices.repo.inventory(first[0]!.id)) as proto.Inventory;
  });

  it("refuses expired, revoked, exhausted, unknown and wrong-organization tokens with clear codes", async () => {
    const expired = await token();
    await ctx.deps.db
      .update(enrollmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(enrollmentTokens.id, expired.row.id));
    const revoked = await token();
    await side.enrollment.repo.revoke(systemScope, revoked.row.id, new Date());
    const once = await token({ maxUses: 1 });
    expect((await enroll({ token: once.value, publicKey: keyPair(), inventory })).status).toBe(201);
    const other = await createOrganization(ctx);

    const cases: [string, unknown, string][] = [
      ["expired", { token: expired.value, publicKey: keyPair(), inventory }, "E_ENROLLMENT_TOKEN_EXPIRED"],
      ["revoked", { token: revoked.value, publicKey: keyPair(), inventory }, "E_ENROLLMENT_TOKEN_REVOKED"],
      ["exhausted", { token: once.value, publicKey: keyPair(), inventory }, "E_ENROLLMENT_TOKEN_EXHAUSTED"],
      [
        "unknown",
        { token: "stw_" + "x".repeat(43), publicKey: keyPair(), inventory },
        "E_ENROLLMENT_TOKEN_INVALID",
      ],
      [
        "wrong organization",
        {
          token: (await token()).value,
          publicKey: keyPair(),
          inventory,
          organizationId: other.organizationId,
        },
        "E_ENROLLMENT_WRONG_ORGANIZATION",
      ],
    ];
    for (const [name, body, code] of cases) {
      const res = await enroll(body);
      expect(res.status, name).toBeGreaterThanOrEqual(401);
      expect(((await res.json()) as { code: string }).code, name).toBe(code);
    }
    const used = (
      await ctx.deps.db.select().from(enrollmentTokens).where(eq(enrollmentTokens.id, once.row.id))
    )[0]!;
    expect(used.useCount).toBe(1);
  });

  it("counts uses exactly under parallel enrollment", async () => {
    const limited = await token({ maxUses: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => enroll({ token: limited.value, publicKey: keyPair(), inventory })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
  });

  it("puts devices of a manual-approval organization in PENDING and refuses for a rejecting one", async () => {
    const manual = await createOrganization(ctx, "MANUAL");
    const res = await enroll({
      token: (await token({ organization: manual })).value,
      publicKey: keyPair(),
      inventory,
    });
    const body = (await res.json()) as { deviceId: number; approval: string };
    expect(body.approval).toBe("PENDING");
    expect((await device(body.deviceId)).approvalStatus).toBe("PENDING");
    const reject = await createOrganization(ctx, "REJECT");
    const refused = await enroll({
      token: (await token({ organization: reject })).value,
      publicKey: keyPair(),
      inventory,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("E_ENROLLMENT_REJECTED");
  });

  it("validates the untrusted enrollment body", async () => {
    const res = await enroll({
      token: (await token()).value,
      publicKey: keyPair(),
      inventory: { ...inventory, hostname: "x".repeat(10_000) },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("E_VALIDATION");
  });
});

describe("agent listener security", () => {
  function connect(): Promise<{ ws: WebSocket; challenge: { nonce: string } }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace("http", "ws")}/agent/v1/ws`);
      ws.once("message", (d) => resolve({ ws, challenge: JSON.parse(d.toString()) }));
      ws.once("error", reject);
    });
  }
  const closed = (ws: WebSocket) =>
    new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));

  it("refuses a forged challenge signature", async () => {
    const { ws, challenge } = await connect();
    const [row] = await ctx.deps.db.select().from(devices).limit(1);
    const { generateKeyPairSync, sign } = await import("node:crypto");
    const impostor = generateKeyPairSync("ed25519").privateKey;
    const signature = sign(
      null,
      Buffer.from(proto.challengePayload(row!.id, challenge.nonce)),
      impostor,
    ).toString("base64");
    const code = closed(ws);
    ws.send(JSON.stringify({ type: "hello", deviceId: row!.id, signature, agentVersion: "x", protocol: 1 }));
    expect(await code).toBe(proto.agentCloseCodes.authFailed);
    expect(side.gateway.isOnline(row!.id)).toBe(false);
  });

  it("refuses messages before hello and answers console paths with 404", async () => {
    const { ws } = await connect();
    const code = closed(ws);
    ws.send(JSON.stringify({ type: "ping", seq: 1, sentAt: Date.now() }));
    expect(await code).toBe(proto.agentCloseCodes.authFailed);

    const { client } = await signedInClient(ctx, { admin: true });
    for (const p of ["/api/organizations", "/api/technicians", "/api/health", "/"]) {
      const res = await fetch(`${url}${p}`, { headers: { cookie: `steward_session=${client.cookie}` } });
      expect(res.status, p).toBe(404);
    }
  });

  it("refuses agent credentials on console routes", async () => {
    const { value } = await token();
    const anon = new TestClient(ctx.app);
    const res = await anon.get("/api/organizations", { headers: { authorization: `Bearer ${value}` } });
    expect(res.statusCode).toBe(401);
  });
});
