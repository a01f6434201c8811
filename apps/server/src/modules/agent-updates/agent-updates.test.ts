import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRelease, Rollout, agent as proto } from "@steward/contracts";
import {
  bootstrapRootPayload,
  chooseTarget,
  refreshMetadata,
  verifyArtifact,
  type UpdateMetadataBundle,
  type RootMetadata,
  type Signed,
} from "@steward/domain";
import { auditEvents } from "../../platform/identity/index.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { startAgentSocketSide, type AgentSocketSide, type SocketAgent } from "../../testing/agent-socket.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { agentRolloutDevices } from "./agent-updates.tables.js";
import { nodeUpdateCrypto } from "./update-keys.js";

let ctx: TestContext;
let admin: TestClient;
let agents: AgentSocketSide;
const bundleA = Buffer.from("// steward agent 9.1.0\n".repeat(500));

beforeAll(async () => {
  ctx = await createTestContext({ agentRolloutTickMs: 3_600_000 });
  admin = (await signedInClient(ctx, { admin: true })).client;
  agents = await startAgentSocketSide(ctx, "updates");
});
afterAll(async () => {
  await agents.close();
  await ctx.close();
});

async function publish(version: string, bytes = bundleA): Promise<AgentRelease> {
  const res = await admin.post("/api/agent-releases", {
    version,
    platform: "linux",
    arch: "x64",
    kind: "bundle",
    artifactBase64: bytes.toString("base64"),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AgentRelease>();
}

/** Collects the update offers a socket agent receives. */
function offersOf(agent: SocketAgent): proto.UpdateOfferMessage[] {
  const got: proto.UpdateOfferMessage[] = [];
  agent.ws.on("message", (data) => {
    const m = JSON.parse(data.toString()) as proto.ServerToAgent;
    if (m.type === "update-offer") got.push(m);
  });
  return got;
}
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("agent releases and rollouts access", () => {
  it("401 signed out, 403 for technicians, 200/201 for system administrators", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/agent-releases")).statusCode).toBe(401);
    expect((await anonymous.get("/api/agent-rollouts")).statusCode).toBe(401);
    const tech = (await signedInClient(ctx, { permissions: ["devices.read", "devices.manage"] })).client;
    expect((await tech.get("/api/agent-releases")).statusCode).toBe(403);
    expect(
      (
        await tech.post("/api/agent-rollouts", {
          version: "1.0.0",
          rings: [{ kind: "percent", percent: 100 }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await admin.get("/api/agent-releases")).statusCode).toBe(200);
    expect((await admin.get("/api/agent-rollouts")).statusCode).toBe(200);
  });
});

describe("publishing and serving signed metadata", () => {
  it("signs every published build; an agent verifies the chain from the bootstrap root and the artifact resumes by Range", async () => {
    const release = await publish("9.1.0");
    expect(release.sha256).toBe(nodeUpdateCrypto.sha256Hex(bundleA));
    const metaRes = await fetch(`${agents.url}/agent/v1/updates/metadata`);
    expect(metaRes.status).toBe(200);
    const meta = (await metaRes.json()) as UpdateMetadataBundle & {
      bootstrap: { root: Signed<RootMetadata>; signature: string };
    };
    // The first root is vouched for by the command key agents pin, and the update keys are not that key.
    expect(
      nodeUpdateCrypto.verify(
        ctx.deps.commandSigner.publicKey,
        bootstrapRootPayload(meta.bootstrap.root),
        meta.bootstrap.signature,
      ),
    ).toBe(true);
    const updateKeys = Object.values(meta.bootstrap.root.signed.keys).map((k) => k.public);
    expect(updateKeys).not.toContain(ctx.deps.commandSigner.publicKey);
    const trusted = refreshMetadata({ root: meta.bootstrap.root }, meta, nodeUpdateCrypto, new Date());
    const target = chooseTarget(
      trusted.targets.signed,
      { version: "9.1.0", platform: "linux", arch: "x64" },
      "0.1.0",
    );

    const part = await fetch(`${agents.url}/agent/v1/updates/artifacts/${target.name}`, {
      headers: { range: "bytes=100-" },
    });
    expect(part.status).toBe(206);
    const tail = Buffer.from(await part.arrayBuffer());
    const whole = Buffer.concat([bundleA.subarray(0, 100), tail]);
    expect(() =>
      verifyArtifact(target.file, { length: whole.length, sha256Hex: nodeUpdateCrypto.sha256Hex(whole) }),
    ).not.toThrow();
    expect((await fetch(`${agents.url}/agent/v1/updates/artifacts/nothing-here`)).status).toBe(404);

    // A second build: targets, snapshot and timestamp move up, so the old ones are refused as a rollback.
    await publish("9.2.0", Buffer.from("// steward agent 9.2.0\n"));
    const next = (await (
      await fetch(`${agents.url}/agent/v1/updates/metadata?root=1`)
    ).json()) as UpdateMetadataBundle;
    const trusted2 = refreshMetadata(trusted, next, nodeUpdateCrypto, new Date());
    expect(trusted2.targets.signed.version).toBe(trusted.targets.signed.version + 1);
    expect(() => refreshMetadata(trusted2, meta, nodeUpdateCrypto, new Date())).toThrow(/older/);
    expect(
      (
        await admin.post("/api/agent-releases", {
          version: "9.2.0",
          platform: "linux",
          arch: "x64",
          kind: "bundle",
          artifactBase64: "eA==",
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe("rollouts", () => {
  it("offers ring by ring, at most maxConcurrent at once, records reports, and pause stops further offers", async () => {
    const fleet = [
      await agents.connect(),
      await agents.connect(),
      await agents.connect(),
      await agents.connect(),
    ];
    const offers = fleet.map(offersOf);
    const [test, ...rest] = fleet;
    const created = await admin.post("/api/agent-rollouts", {
      version: "9.2.0",
      rings: [
        { kind: "devices", deviceIds: [test!.deviceId] },
        { kind: "organizations", organizationIds: [agents.org.organizationId] },
      ],
      maxConcurrent: 2,
      healthSeconds: 60,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rollout = created.json<Rollout>();
    await settle();
    // Only the test ring is offered first.
    expect(offers[0]!.map((o) => o.version)).toEqual(["9.2.0"]);
    expect(offers.slice(1).every((o) => o.length === 0)).toBe(true);
    expect(rollout.ringProgress[0]).toMatchObject({ total: 1, updating: 1 });
    expect(rollout.ringProgress[1]!.total).toBeGreaterThanOrEqual(3);

    // The test device rolls back: its reason is kept, and the next ring starts with at most 2 at once.
    test!.ws.send(
      JSON.stringify({
        type: "update-status",
        rolloutId: rollout.id,
        version: "9.2.0",
        status: "rolled-back",
        reason: "Version 9.2.0 did not reconnect within 60 seconds.",
      }),
    );
    await settle();
    await ctx.services.agentUpdates.tick();
    await settle();
    const offeredNow = rest.filter((_, i) => offers[i + 1]!.length > 0).length;
    expect(offeredNow).toBe(2);
    const devicesRes = await admin.get(`/api/agent-rollouts/${rollout.id}/devices?state=ROLLED_BACK`);
    expect(devicesRes.json<{ items: { deviceId: number; reason: string }[] }>().items).toEqual([
      expect.objectContaining({
        deviceId: test!.deviceId,
        reason: "Version 9.2.0 did not reconnect within 60 seconds.",
      }),
    ]);

    // Pause: an offered device finishing frees a slot, but nothing new is offered.
    expect((await admin.post(`/api/agent-rollouts/${rollout.id}/pause`, {})).json<Rollout>().state).toBe(
      "PAUSED",
    );
    const firstOffered = rest.find((_, i) => offers[i + 1]!.length > 0)!;
    await ctx.services.agentUpdates.onHello(firstOffered.deviceId, "9.2.0");
    await ctx.services.agentUpdates.tick();
    await settle();
    expect(rest.filter((_, i) => offers[i + 1]!.length > 0).length).toBe(2);
    const paused = (await admin.get(`/api/agent-rollouts/${rollout.id}`)).json<Rollout>();
    expect(paused.ringProgress[1]!.installed).toBe(1);

    // Resume: the freed slot is used.
    expect((await admin.post(`/api/agent-rollouts/${rollout.id}/resume`, {})).json<Rollout>().state).toBe(
      "RUNNING",
    );
    await settle();
    expect(rest.filter((_, i) => offers[i + 1]!.length > 0).length).toBe(3);

    const actions = await ctx.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "agent_rollout"), eq(auditEvents.targetId, String(rollout.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "agent_rollout.create",
      "agent_rollout.pause",
      "agent_rollout.resume",
    ]);
  });

  it("shows a technician only the rollout devices of their organizations", async () => {
    const [row] = await ctx.deps.db.select().from(agentRolloutDevices).limit(1);
    const outsider = (
      await signedInClient(ctx, {
        permissions: ["devices.read"],
        organizationIds: [(await createOrganization(ctx)).organizationId],
      })
    ).client;
    const res = await outsider.get(`/api/agent-rollouts/${row!.rolloutId}/devices`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(0);
    const insider = (
      await signedInClient(ctx, { permissions: ["devices.read"], organizationIds: [row!.organizationId] })
    ).client;
    expect(
      (await insider.get(`/api/agent-rollouts/${row!.rolloutId}/devices`)).json<{ total: number }>().total,
    ).toBeGreaterThan(0);
  });
});
