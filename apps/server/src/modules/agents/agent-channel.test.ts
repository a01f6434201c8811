import { execFile } from "node:child_process";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import {
  agentBundle,
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentSide,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import { agentEncryptionKeys, openAsAgent } from "../../testing/sealed-secrets.js";
import { devices } from "../devices/devices.tables.js";
import type { AgentSide } from "./index.js";

const run = promisify(execFile);
let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
const sockets: WebSocket[] = [];
const SECRET = "Pa55 w0rd for the agent only";

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  // Install commands carry the address the listener actually got (as main.ts does for port 0).
  ctx.deps.config.agentPublicUrl = url;
  org = await createOrganization(ctx);
  admin = (await signedInClient(ctx, { admin: true })).client;
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await closeSide();
  await ctx.close();
});

const fingerprint = () =>
  createHash("sha256").update(Buffer.from(ctx.deps.commandSigner.publicKey, "base64")).digest("hex");

async function token(maxUses = 10) {
  const { token: value } = await side.enrollment.createToken({
    ...org,
    name: "channel",
    expiresInHours: 1,
    maxUses,
    createdByUserId: 1,
  });
  return value;
}

const rawKey = (key: { export(o: { format: "der"; type: "spki" }): Buffer }) => {
  const spki = key.export({ format: "der", type: "spki" });
  return spki.subarray(spki.length - 32).toString("base64");
};

describe("enrollment pins the server's command key", () => {
  it("a real agent enrolls with the install command's fingerprint and registers its encryption key", async () => {
    const dataDir = tempDir();
    const enrolled = await agentCli([
      "enroll",
      "--server",
      url,
      "--token",
      await token(),
      "--server-key-fingerprint",
      fingerprint(),
      "--data-dir",
      dataDir,
    ]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const id = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, "agent.json"), "utf8"));
    expect(state.serverPublicKey).toBe(ctx.deps.commandSigner.publicKey);
    expect(state.encryptionPrivateKeyPem).toContain("PRIVATE KEY");
    const [row] = await ctx.deps.db.select().from(devices).where(eq(devices.id, id));
    expect(row!.encryptionPublicKey).toBe(state.encryptionPublicKey);
  }, 60_000);

  it("refuses an enrollment answer carrying another key (a man in the middle's) and saves nothing", async () => {
    const impostorKey = rawKey(generateKeyPairSync("ed25519").publicKey);
    const impostor = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const body = JSON.stringify({
          deviceId: 4242,
          approval: "APPROVED",
          serverPublicKey: impostorKey,
          heartbeatSeconds: 20,
        });
        res.writeHead(201, { "content-type": "application/json" }).end(body);
      });
    });
    await new Promise<void>((r) => impostor.listen(0, "127.0.0.1", r));
    try {
      const dataDir = tempDir();
      const port = (impostor.address() as AddressInfo).port;
      const refused = await agentCli([
        "enroll",
        "--server",
        `http://127.0.0.1:${port}`,
        "--token",
        "stw_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "--server-key-fingerprint",
        fingerprint(),
        "--data-dir",
        dataDir,
      ]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain("does not match --server-key-fingerprint");
      expect(fs.existsSync(path.join(dataDir, "agent.json"))).toBe(false);
    } finally {
      impostor.close();
    }
  }, 60_000);
});

describe("the install command verifies the agent it downloads", () => {
  async function linuxDownloadStep() {
    const res = await admin.post(`/api/organizations/${org.organizationId}/enrollment-tokens`, {
      locationId: org.locationId,
      name: "download",
    });
    expect(res.statusCode, res.body).toBe(201);
    const secret = res.json() as proto.EnrollResponse & { commands: { linux: string }; agentSha256: string };
    const step = secret.commands.linux.split(" && ")[1]!;
    expect(step).toContain(secret.agentSha256);
    // Runs as the technician here (no sudo), into a scratch folder instead of /opt/steward.
    return { step: step.replace(/^sudo /, ""), sha256: secret.agentSha256 };
  }

  it("saves the served agent when its SHA-256 matches the command's", async () => {
    const { step } = await linuxDownloadStep();
    const dir = tempDir("steward-download-");
    const result = await run("bash", ["-c", step.replaceAll("/opt/steward", dir)], { timeout: 60_000 });
    void result;
    const saved = path.join(dir, "steward-agent.mjs");
    expect(fs.readFileSync(saved).equals(fs.readFileSync(agentBundle))).toBe(true);
  }, 60_000);

  it("refuses a file whose SHA-256 differs: nothing is saved and the command stops", async () => {
    const { step, sha256 } = await linuxDownloadStep();
    const dir = tempDir("steward-download-");
    const tampered = step.replaceAll("/opt/steward", dir).replace(sha256, "0".repeat(64));
    const failed = await run("bash", ["-c", `${tampered} && echo ENROLL-WOULD-RUN`], {
      timeout: 60_000,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? 1,
        stdout: err.stdout ?? "",
        stderr: err.stderr ?? "",
      }),
    );
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain("does not match its SHA-256");
    expect(failed.stdout).not.toContain("ENROLL-WOULD-RUN");
    expect(fs.existsSync(path.join(dir, "steward-agent.mjs"))).toBe(false);
  }, 60_000);
});

/** A protocol-level agent: enrolls over HTTP, answers the challenge, records every frame it gets. */
async function fakeAgent(options: { encryption: boolean; helloKey?: string }) {
  const identity = generateKeyPairSync("ed25519");
  const encryption = agentEncryptionKeys();
  const res = await fetch(`${url}/agent/v1/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      token: await token(1),
      publicKey: rawKey(identity.publicKey),
      ...(options.encryption ? { encryptionPublicKey: encryption.publicKey } : {}),
      inventory: makeInventory(),
    }),
  });
  expect(res.status).toBe(201);
  const { deviceId } = (await res.json()) as proto.EnrollResponse;
  const frames: string[] = [];
  const ws = new WebSocket(`${url.replace("http:", "ws:")}/agent/v1/ws`);
  sockets.push(ws);
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  const welcomed = new Promise<void>((resolve) => {
    ws.on("message", (data) => {
      const text = data.toString();
      frames.push(text);
      const message = JSON.parse(text) as proto.ServerToAgent;
      if (message.type === "challenge") {
        const key = options.encryption ? encryption.publicKey : undefined;
        const signature = sign(
          null,
          Buffer.from(proto.challengePayload(deviceId, message.nonce, key)),
          identity.privateKey,
        ).toString("base64");
        const sent = options.helloKey ?? key;
        ws.send(
          JSON.stringify({
            type: "hello",
            deviceId,
            signature,
            agentVersion: "test",
            protocol: proto.AGENT_PROTOCOL_VERSION,
            ...(sent ? { encryptionPublicKey: sent } : {}),
          }),
        );
      }
      if (message.type === "welcome") resolve();
    });
  });
  return { deviceId, encryption, frames, ws, welcomed, closed };
}

async function windowsCredential() {
  const res = await admin.post(`/api/organizations/${org.organizationId}/credentials`, {
    name: `win-${Math.random().toString(36).slice(2, 8)}`,
    type: "WINDOWS_DOMAIN_ADMIN",
    username: "CORP\\helpdesk",
    secret: SECRET,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function submitRunAs(deviceId: number, credentialId: number) {
  const res = await admin.post("/api/webapp/submit/job", {
    nodes: [
      {
        nodeId: deviceId,
        jobs: [
          {
            jobType: "ACTION",
            content: {
              script: { name: "whoami", language: "powershell", body: "whoami" },
              runAs: `credential:${credentialId}`,
            },
          },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jobs[0].jobUid as string;
}

describe("secrets inside commands are sealed to the receiving agent's key", () => {
  it("the command as sent over the socket does not contain the password; the agent's key opens it", async () => {
    const agent = await fakeAgent({ encryption: true });
    await agent.welcomed;
    const uid = await submitRunAs(agent.deviceId, await windowsCredential());
    const frame = await waitFor("the command frame", async () =>
      agent.frames.find((f) => f.includes('"command"') && f.includes(uid)),
    );
    expect(frame).not.toContain(SECRET);
    expect(frame).not.toContain(Buffer.from(SECRET).toString("base64"));
    const { envelope } = JSON.parse(frame) as Extract<proto.ServerToAgent, { type: "command" }>;
    expect(envelope.kind).toBe("run-script");
    const payload = proto.runScriptPayload.parse(envelope.payload);
    expect(payload.account).toMatchObject({ username: "CORP\\helpdesk" });
    const target = { agentId: agent.deviceId, jobUid: envelope.jobUid, attempt: envelope.attempt };
    expect(openAsAgent(payload.account!.passwordSealed!, agent.encryption, target)).toBe(SECRET);
    // Another agent's key does not open it.
    expect(() => openAsAgent(payload.account!.passwordSealed!, agentEncryptionKeys(), target)).toThrow();
  }, 30_000);

  it("an older agent without an encryption key gets no password: the job fails with a clear message", async () => {
    const agent = await fakeAgent({ encryption: false });
    await agent.welcomed;
    const uid = await submitRunAs(agent.deviceId, await windowsCredential());
    const job = await waitFor("the job to fail", async () => {
      const j = (await admin.get(`/api/webapp/job/${uid}`)).json().job;
      return j.jobStatus === "COMPLETED" ? j : undefined;
    });
    expect(job.resultContent.errorMessage).toContain("too old to receive the Run As password");
    expect(agent.frames.some((f) => f.includes(uid))).toBe(false);
    expect(agent.frames.join("\n")).not.toContain(SECRET);
  }, 30_000);

  it("a hello whose encryption key was swapped on the way fails the identity check", async () => {
    const agent = await fakeAgent({ encryption: true, helloKey: agentEncryptionKeys().publicKey });
    expect(await agent.closed).toBe(proto.agentCloseCodes.authFailed);
  }, 30_000);
});
