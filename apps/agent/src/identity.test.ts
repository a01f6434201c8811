import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadState, newKeyPair, saveState, withEncryptionKey, type AgentState } from "./identity.js";

describe("the agent's encryption key", () => {
  it("an agent enrolled before encryption keys makes one at its next start, once, and keeps it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-identity-"));
    const keys = newKeyPair();
    const old: AgentState = {
      deviceId: 3,
      serverUrl: "http://127.0.0.1:9",
      privateKeyPem: keys.privateKeyPem,
      publicKey: keys.publicKey,
      serverPublicKey: keys.publicKey,
      enrolledAt: new Date().toISOString(),
    };
    saveState(dataDir, old);
    const upgraded = withEncryptionKey(dataDir, old);
    expect(Buffer.from(upgraded.encryptionPublicKey, "base64")).toHaveLength(32);
    expect(upgraded.encryptionPrivateKeyPem).toContain("PRIVATE KEY");
    const saved = loadState(dataDir)!;
    expect(saved.encryptionPublicKey).toBe(upgraded.encryptionPublicKey);
    expect(saved.privateKeyPem).toBe(old.privateKeyPem);
    expect(fs.statSync(path.join(dataDir, "agent.json")).mode & 0o777).toBe(0o600);
    expect(withEncryptionKey(dataDir, saved).encryptionPublicKey).toBe(upgraded.encryptionPublicKey);
  });
});
