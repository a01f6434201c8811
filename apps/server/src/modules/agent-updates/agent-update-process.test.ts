import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Rollout } from "@steward/contracts";
import { devices } from "../devices/devices.tables.js";
import {
  agentBundle,
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentSide,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { agentRolloutDevices } from "./agent-updates.tables.js";

let ctx: TestContext;
let admin: TestClient;
let side: Awaited<ReturnType<typeof startAgentSide>>;
let launcher: ChildProcess | undefined;
let log = "";
let runningVersion = "";

beforeAll(async () => {
  await ensureAgentBundle();
  runningVersion = /var AGENT_VERSION = "([^"]+)"/.exec(fs.readFileSync(agentBundle, "utf8"))![1]!;
  ctx = await createTestContext({ agentRolloutTickMs: 300 });
  admin = (await signedInClient(ctx, { admin: true })).client;
  side = await startAgentSide(ctx);
});
afterAll(async () => {
  launcher?.kill("SIGTERM");
  await side.close();
  await ctx.close();
});

/** The agent bundle built again under another version, optionally changed so it cannot reach the server. */
function buildAs(version: string, unreachable = false): Buffer {
  let text = fs
    .readFileSync(agentBundle, "utf8")
    .replace(/var AGENT_VERSION = "[^"]+";/, `var AGENT_VERSION = "${version}";`);
  if (unreachable) text = text.replace("/agent/v1/ws`", "/agent/v1/nowhere`");
  return Buffer.from(text);
}

async function publish(version: string, bytes: Buffer) {
  const res = await admin.post("/api/agent-releases", {
    version,
    platform: process.platform,
    arch: process.arch,
    kind: "bundle",
    artifactBase64: bytes.toString("base64"),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function rollTo(deviceId: number, version: string): Promise<Rollout> {
  const res = await admin.post("/api/agent-rollouts", {
    version,
    rings: [{ kind: "devices", deviceIds: [deviceId] }],
    healthSeconds: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Rollout>();
}

const stateOf = async (rolloutId: number, deviceId: number) => {
  const [row] = await ctx.deps.db
    .select()
    .from(agentRolloutDevices)
    .where(and(eq(agentRolloutDevices.rolloutId, rolloutId), eq(agentRolloutDevices.deviceId, deviceId)));
  return row;
};

describe("self-update of the real agent", () => {
  it("updates from A to B through a rollout, then rolls a B that cannot connect back within its health time", async () => {
    const org = await createOrganization(ctx);
    const { token } = await side.side.enrollment.createToken({
      ...org,
      name: "update",
      expiresInHours: 1,
      maxUses: 1,
      createdByUserId: 1,
    });
    const dataDir = tempDir();
    const installDir = tempDir("steward-install-");
    const enrolled = await agentCli([
      "enroll",
      "--server",
      side.url,
      "--token",
      token,
      "--data-dir",
      dataDir,
    ]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const deviceId = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    launcher = spawn(
      process.execPath,
      [agentBundle, "launch", "--install-dir", installDir, "--data-dir", dataDir],
      {
        env: { ...process.env, STEWARD_AGENT_INVENTORY_SECONDS: "3600" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    launcher.stdout!.on("data", (d: Buffer) => (log += d.toString()));
    launcher.stderr!.on("data", (d: Buffer) => (log += d.toString()));
    const versionOf = async () =>
      (await ctx.deps.db.select({ v: devices.agentVersion }).from(devices).where(eq(devices.id, deviceId)))[0]
        ?.v;
    await waitFor(
      "version A online",
      async () => side.side.gateway.isOnline(deviceId) && (await versionOf()) === runningVersion,
    );

    // A → B.
    await publish("90.0.0", buildAs("90.0.0"));
    const toB = await rollTo(deviceId, "90.0.0");
    await waitFor(
      "B installed",
      async () => (await stateOf(toB.id, deviceId))?.state === "INSTALLED",
      30_000,
    );
    await waitFor("B reported", async () => (await versionOf()) === "90.0.0");
    expect(fs.readFileSync(path.join(installDir, "current"), "utf8").trim()).toBe("90.0.0");

    // B → C, which cannot reach the server: the launcher restores B after the 10 s health time.
    await publish("90.1.0", buildAs("90.1.0", true));
    const toC = await rollTo(deviceId, "90.1.0");
    const started = Date.now();
    await waitFor(
      "C swapped in",
      async () => fs.readFileSync(path.join(installDir, "current"), "utf8").trim() === "90.1.0",
      30_000,
    );
    const back = await waitFor(
      "C rolled back",
      async () => {
        const row = await stateOf(toC.id, deviceId);
        return row?.state === "ROLLED_BACK" ? row : undefined;
      },
      40_000,
    );
    // Health time 10 s, plus the launcher's restart and the reconnect of B.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(back.reason).toContain("did not reconnect and pass its health check within 10 seconds");
    expect(fs.readFileSync(path.join(installDir, "current"), "utf8").trim()).toBe("90.0.0");
    expect(await versionOf()).toBe("90.0.0");
  }, 120_000);
});
