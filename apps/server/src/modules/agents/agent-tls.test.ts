import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import {
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentProcess,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import { listenHttps, readTls, type TlsMaterial } from "../../tls.js";
import { devices } from "../devices/devices.tables.js";
import { createAgentSide, type AgentSide } from "./index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let tls: TlsMaterial;
let certFile: string;
let org: { organizationId: number; locationId: number };
const agents: ReturnType<typeof startAgentProcess>[] = [];

beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1 and localhost, made by openssl (node:crypto makes no X.509).
  const dir = tempDir("steward-tls-");
  certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const config = loadConfig({ STEWARD_TLS_CERT: certFile, STEWARD_TLS_KEY: keyFile, PORT: "9443" });
  tls = readTls(config)!;
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5, tls: config.tls });
  side = createAgentSide(ctx.deps, ctx.services, pino({ level: "silent" }), { tls });
  url = `https://127.0.0.1:${await side.listener.listen(0, "127.0.0.1")}`;
  org = await createOrganization(ctx);
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  for (const a of agents) a.kill("SIGKILL");
  await side.listener.close();
  await ctx.close();
});

const fingerprint = () =>
  createHash("sha256").update(Buffer.from(ctx.deps.commandSigner.publicKey, "base64")).digest("hex");

async function token() {
  const { token: value } = await side.enrollment.createToken({
    ...org,
    name: "tls",
    expiresInHours: 1,
    maxUses: 5,
    createdByUserId: 1,
  });
  return value;
}

describe("TLS configuration", () => {
  it("needs both files, and makes the public URLs https by default", () => {
    expect(() => loadConfig({ STEWARD_TLS_CERT: certFile })).toThrow(/STEWARD_TLS_CERT and STEWARD_TLS_KEY/);
    const config = loadConfig({ STEWARD_TLS_CERT: certFile, STEWARD_TLS_KEY: certFile, PORT: "9443" });
    expect(config.publicUrl).toBe("https://localhost:9443");
    expect(config.agentPublicUrl).toBe("https://localhost:9444");
    expect(loadConfig({ PORT: "9443" }).agentPublicUrl).toBe("http://localhost:9444");
  });
});

describe("the agent listener over HTTPS and WSS", () => {
  it("a real agent trusting the certificate with --ca enrolls over https and connects over wss", async () => {
    const dataDir = tempDir();
    const enrolled = await agentCli([
      "enroll",
      "--server",
      url,
      "--token",
      await token(),
      "--ca",
      certFile,
      "--server-key-fingerprint",
      fingerprint(),
      "--data-dir",
      dataDir,
    ]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const id = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    const agent = startAgentProcess(dataDir);
    agents.push(agent);
    await waitFor("agent online over wss", async () => side.gateway.isOnline(id));
    const [row] = await ctx.deps.db.select().from(devices).where(eq(devices.id, id));
    expect(row!.status).toBe("UP");
    expect(agent.output()).not.toMatch(/certificate/i);
  }, 60_000);

  it("an agent that does not trust the certificate refuses to enroll (certificates are verified)", async () => {
    const dataDir = tempDir();
    const refused = await agentCli([
      "enroll",
      "--server",
      url,
      "--token",
      await token(),
      "--data-dir",
      dataDir,
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Cannot reach .*self[- ]signed/i);
    expect(fs.existsSync(path.join(dataDir, "agent.json"))).toBe(false);
  }, 60_000);

  it("answers plain HTTP with no agent endpoint", async () => {
    const plain = await fetch(url.replace("https:", "http:") + "/agent/v1/health").then(
      () => "answered",
      () => "refused",
    );
    expect(plain).toBe("refused");
  });
});

describe("the console over HTTPS", () => {
  it("serves the API, marks the session cookie Secure and sends HSTS", async () => {
    const server = await listenHttps(ctx.app, tls, 0, "127.0.0.1");
    try {
      const res = await new Promise<{ status: number; cookies: string[]; body: string; hsts?: string }>(
        (resolve, reject) => {
          const body = JSON.stringify({
            email: "tls-admin@example.test",
            password: "a long enough passphrase 1",
            firstName: "Tia",
            lastName: "Tls",
          });
          const req = https.request(
            {
              host: "127.0.0.1",
              port: server.port,
              path: "/api/setup",
              method: "POST",
              ca: tls.cert,
              headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
            },
            (r) => {
              let text = "";
              r.on("data", (d: Buffer) => (text += d.toString()));
              r.on("end", () =>
                resolve({
                  status: r.statusCode ?? 0,
                  cookies: r.headers["set-cookie"] ?? [],
                  body: text,
                  hsts: r.headers["strict-transport-security"] as string | undefined,
                }),
              );
            },
          );
          req.on("error", reject);
          req.end(body);
        },
      );
      expect(res.status, res.body).toBe(201);
      expect(res.cookies.length).toBeGreaterThan(0);
      for (const cookie of res.cookies) expect(cookie).toMatch(/;\s*Secure/i);
      expect(res.hsts).toMatch(/max-age=\d+/);
    } finally {
      await server.close();
    }
  });
});
