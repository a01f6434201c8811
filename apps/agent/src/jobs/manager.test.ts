import { createHash, generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { JobManager } from "./manager.js";
import { JobJournal } from "./journal.js";

const server = generateKeyPairSync("ed25519");
const spki = server.publicKey.export({ format: "der", type: "spki" });
const serverPublicKey = spki.subarray(spki.length - 32).toString("base64");
const AGENT = 7;

function command(
  overrides: Partial<proto.CommandEnvelope> = {},
  payload: Record<string, unknown> = {
    language: "bash",
    body: "echo hi",
    parameters: [],
    timeoutSeconds: 30,
    runAs: "System",
  },
) {
  const now = Date.now();
  const envelope: proto.CommandEnvelope = {
    v: 1,
    agentId: AGENT,
    jobUid: `job-${Math.random().toString(36).slice(2)}`,
    attempt: 1,
    nonce: `nonce-${Math.random().toString(36).slice(2)}-xxxxxxxx`,
    notBefore: now - 1000,
    notAfter: now + 60_000,
    kind: "run-script",
    payloadHash: createHash("sha256").update(proto.canonicalJson(payload)).digest("hex"),
    payload,
    ...overrides,
  };
  const signature = sign(null, Buffer.from(proto.envelopeSigningText(envelope)), server.privateKey).toString(
    "base64",
  );
  return { type: "command" as const, envelope, signature };
}

function manager() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-jobs-"));
  const sent: proto.AgentToServer[] = [];
  const m = new JobManager({
    dataDir,
    agentId: AGENT,
    serverPublicKey,
    send: (msg) => (sent.push(msg), true),
  });
  return { m, sent, dataDir };
}

const refusals = (sent: proto.AgentToServer[]) =>
  sent.filter((s) => s.type === "command-refused").map((s) => (s as { reason: string }).reason);
const resultFor = async (sent: proto.AgentToServer[], jobUid: string) => {
  for (let i = 0; i < 100; i++) {
    const r = sent.find((s) => s.type === "job-result" && s.jobUid === jobUid);
    if (r) return r as proto.JobResultMessage;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error("no result");
};

describe("signed commands on the agent", () => {
  it("runs a verified command once and reports its result", async () => {
    const { m, sent } = manager();
    const cmd = command();
    m.handleCommand(cmd);
    const result = await resultFor(sent, cmd.envelope.jobUid);
    expect(result).toMatchObject({ outcome: "SUCCESS", exitCode: 0, stdout: "hi\n", attempt: 1 });
    expect(sent[0]).toEqual({ type: "job-started", jobUid: cmd.envelope.jobUid, attempt: 1 });
  });

  it("refuses tampered, forged, expired, replayed and other agents' commands", () => {
    const { m, sent } = manager();
    const tampered = command();
    tampered.envelope.payload = { ...tampered.envelope.payload, body: "rm -rf /" };
    m.handleCommand(tampered);

    const forger = generateKeyPairSync("ed25519");
    const forged = command();
    forged.signature = sign(
      null,
      Buffer.from(proto.envelopeSigningText(forged.envelope)),
      forger.privateKey,
    ).toString("base64");
    m.handleCommand(forged);

    m.handleCommand(command({ notAfter: Date.now() - 1 }));
    m.handleCommand(command({ notBefore: Date.now() + 60_000 }));
    m.handleCommand(command({ agentId: AGENT + 1 }));
    m.handleCommand(command({ payloadHash: "0".repeat(64) }));

    const once = command();
    m.handleCommand(once);
    m.handleCommand(once);
    expect(refusals(sent)).toEqual([
      "signature",
      "signature",
      "expired",
      "expired",
      "agent",
      "hash",
      "replay",
    ]);
  });

  it("after a crash reports a started job as outcome unknown and never runs it again", async () => {
    const { dataDir } = manager();
    const journal = new JobJournal(dataDir);
    const cmd = command();
    // The previous agent process recorded the start, then died.
    journal.rememberNonce(cmd.envelope.nonce, cmd.envelope.notAfter);
    journal.started(cmd.envelope.jobUid, 1);
    const sent: proto.AgentToServer[] = [];
    const m = new JobManager({
      dataDir,
      agentId: AGENT,
      serverPublicKey,
      send: (msg) => (sent.push(msg), true),
    });
    m.onConnected();
    const result = await resultFor(sent, cmd.envelope.jobUid);
    expect(result.outcome).toBe("UNKNOWN");
    // The server delivers it again with a fresh nonce: still not run, the stored result is resent.
    const again = command({ jobUid: cmd.envelope.jobUid });
    m.handleCommand(again);
    expect(sent.filter((s) => s.type === "job-started")).toHaveLength(0);
    expect(sent.filter((s) => s.type === "job-result")).toHaveLength(2);
    // Acknowledged results are forgotten.
    m.onAck(cmd.envelope.jobUid, 1);
    expect(journal.get(cmd.envelope.jobUid, 1)).toBeUndefined();
  });

  it("keeps finished results until acknowledged and resends them on reconnect", async () => {
    const { m, sent } = manager();
    const cmd = command();
    m.handleCommand(cmd);
    await resultFor(sent, cmd.envelope.jobUid);
    sent.length = 0;
    m.onConnected();
    expect(sent.filter((s) => s.type === "job-result")).toHaveLength(1);
    m.onAck(cmd.envelope.jobUid, 1);
    sent.length = 0;
    m.onConnected();
    expect(sent).toHaveLength(0);
  });

  it("never runs an acknowledged job again when a copy signed before it finished arrives late", async () => {
    const { m, sent, dataDir } = manager();
    const file = path.join(dataDir, "runs.txt");
    const payload = {
      language: "bash",
      body: `echo ran >> "${file}"`,
      parameters: [],
      timeoutSeconds: 30,
      runAs: "System",
    };
    const cmd = command({}, payload);
    m.handleCommand(cmd);
    await resultFor(sent, cmd.envelope.jobUid);
    m.onAck(cmd.envelope.jobUid, 1);
    // The server had read the job as not yet started and sent it again after a reconnect.
    const late = command({ jobUid: cmd.envelope.jobUid }, payload);
    m.handleCommand(late);
    // Another agent process over the same data folder (a restart) remembers it too.
    const restarted = new JobManager({
      dataDir,
      agentId: AGENT,
      serverPublicKey,
      send: (msg) => (sent.push(msg), true),
    });
    restarted.handleCommand(command({ jobUid: cmd.envelope.jobUid }, payload));
    const other = command({}, payload);
    restarted.handleCommand(other);
    await resultFor(sent, other.envelope.jobUid);
    expect(fs.readFileSync(file, "utf8")).toBe("ran\nran\n");
    expect(sent.filter((s) => s.type === "job-started" && s.jobUid === cmd.envelope.jobUid)).toHaveLength(1);
  });
});
