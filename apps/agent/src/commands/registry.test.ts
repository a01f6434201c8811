import {
  createCipheriv,
  createHash,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
} from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { newEncryptionKeyPair } from "../identity.js";
import { JobManager } from "../jobs/manager.js";
import { agentCommand, AgentCommandRegistry } from "./registry.js";
import { defaultAgentCommands } from "./index.js";

const server = generateKeyPairSync("ed25519");
const spki = server.publicKey.export({ format: "der", type: "spki" });
const serverPublicKey = spki.subarray(spki.length - 32).toString("base64");
const AGENT = 11;

/** What the server does (X25519 + HKDF + AES-256-GCM), written out here to check the agent's side. */
function seal(recipient: string, secret: string, target: { jobUid: string; attempt: number }) {
  const eph = generateKeyPairSync("x25519");
  const epkDer = eph.publicKey.export({ format: "der", type: "spki" });
  const epk = epkDer.subarray(epkDer.length - 32);
  const rpk = Buffer.from(recipient, "base64");
  const shared = diffieHellman({
    privateKey: eph.privateKey,
    publicKey: createPublicKey({
      key: Buffer.concat([Buffer.from("302a300506032b656e032100", "hex"), rpk]),
      format: "der",
      type: "spki",
    }),
  });
  const context = Buffer.from(proto.sealedSecretContext({ agentId: AGENT, ...target }));
  const key = Buffer.from(hkdfSync("sha256", shared, Buffer.concat([epk, rpk]), context, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(context);
  const ct = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return {
    alg: "x25519-hkdf-sha256-aes256gcm" as const,
    epk: epk.toString("base64"),
    iv: iv.toString("base64"),
    ct: ct.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
  };
}

function command(
  kind: string,
  payload: Record<string, unknown>,
  jobUid = `job-${randomBytes(4).toString("hex")}`,
) {
  const now = Date.now();
  const envelope: proto.CommandEnvelope = {
    v: 1,
    agentId: AGENT,
    jobUid,
    attempt: 1,
    nonce: `nonce-${randomBytes(8).toString("hex")}`,
    notBefore: now - 1000,
    notAfter: now + 60_000,
    kind,
    payloadHash: createHash("sha256").update(proto.canonicalJson(payload)).digest("hex"),
    payload,
  };
  const signature = sign(null, Buffer.from(proto.envelopeSigningText(envelope)), server.privateKey).toString(
    "base64",
  );
  return { type: "command" as const, envelope, signature };
}

/** A kind that is not built in: what backup, patching or remote tools add the same way. */
const echoSecretCommand = proto.defineCommandKind({
  kind: "echo-secret",
  payload: z.object({ secret: proto.sealedSecret }),
  result: z.object({ length: z.number() }),
  mode: "job",
});

function setup(commands?: AgentCommandRegistry) {
  const keys = newEncryptionKeyPair();
  const sent: proto.AgentToServer[] = [];
  const manager = new JobManager({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "steward-registry-")),
    agentId: AGENT,
    serverPublicKey,
    encryption: { privateKeyPem: keys.encryptionPrivateKeyPem, publicKey: keys.encryptionPublicKey },
    ...(commands ? { commands } : {}),
    send: (m) => (sent.push(m), true),
  });
  return { manager, sent, publicKey: keys.encryptionPublicKey };
}

async function resultOf(sent: proto.AgentToServer[], jobUid: string) {
  for (let i = 0; i < 100; i++) {
    const r = sent.find((m) => m.type === "job-result" && m.jobUid === jobUid);
    if (r) return r as proto.JobResultMessage;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error("no result");
}

describe("the agent's command registry", () => {
  it("runs a registered kind with its checked payload, opening a secret sealed to this agent", async () => {
    const registry = defaultAgentCommands().register(
      agentCommand(echoSecretCommand, (payload, ctx) => {
        const secret = ctx.openSecret(payload.secret);
        ctx.output("stdout", "opened\n");
        return {
          done: Promise.resolve({
            exitCode: 0,
            stdout: secret === "s3cret value" ? "match\n" : "no match\n",
            stderr: "",
            truncated: false,
            errorMessage: null,
            data: { length: secret.length },
          }),
        };
      }),
    );
    const { manager, sent, publicKey } = setup(registry);
    const jobUid = "job-echo";
    manager.handleCommand(
      command("echo-secret", { secret: seal(publicKey, "s3cret value", { jobUid, attempt: 1 }) }, jobUid),
    );
    const result = await resultOf(sent, jobUid);
    expect(result).toMatchObject({
      outcome: "SUCCESS",
      stdout: "match\n",
      kind: "echo-secret",
      data: { length: 12 },
    });
    expect(sent[0]).toEqual({ type: "job-started", jobUid, attempt: 1 });
  });

  it("a secret sealed for another job does not open: the job fails without running", async () => {
    const { manager, sent, publicKey } = setup();
    const jobUid = "job-win";
    const payload = {
      language: "bash",
      body: "echo should-not-run",
      parameters: [],
      timeoutSeconds: 30,
      runAs: "credential:3",
      account: {
        username: "svc",
        passwordSealed: seal(publicKey, "pw", { jobUid: "another-job", attempt: 1 }),
      },
    };
    manager.handleCommand(command("run-script", payload, jobUid));
    const result = await resultOf(sent, jobUid);
    expect(result.outcome).toBe("FAILURE");
    expect(result.errorMessage).toContain("could not be opened");
    expect(result.stdout).not.toContain("should-not-run");
  });

  it("refuses a kind it has no handler for, and a payload its contract refuses", () => {
    const { manager, sent } = setup();
    manager.handleCommand(command("format-disk", { now: true }, "job-unknown"));
    manager.handleCommand(command("wake-on-lan", { targets: "everyone" }, "job-bad"));
    expect(sent.filter((m) => m.type === "command-refused")).toEqual([
      { type: "command-refused", jobUid: "job-unknown", reason: "unsupported" },
      { type: "command-refused", jobUid: "job-bad", reason: "invalid" },
    ]);
  });

  it("refuses to register one kind twice", () => {
    expect(() => defaultAgentCommands().register(defaultAgentCommands().get("run-script")!)).toThrow(
      /registered twice/,
    );
  });
});
