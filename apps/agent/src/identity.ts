import { createHash, generateKeyPairSync, createPrivateKey, sign } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the agent keeps between runs, in its data folder, readable by its owner only. */
export interface AgentState {
  deviceId: number;
  serverUrl: string;
  /** PKCS#8 PEM of the Ed25519 private key. */
  privateKeyPem: string;
  /** Raw 32-byte public key, base64. */
  publicKey: string;
  /** The server's command-signing key, pinned at enrollment. */
  serverPublicKey: string;
  /** PKCS#8 PEM of the X25519 key that opens secrets sealed to this agent (added by newer agents). */
  encryptionPrivateKeyPem?: string;
  /** Its raw 32-byte public key, base64: sent at enrollment and in every hello. */
  encryptionPublicKey?: string;
  /** A CA certificate file trusted for the server's TLS certificate, besides the system's. */
  caFile?: string;
  enrolledAt: string;
}

export function defaultDataDir(): string {
  if (process.env.STEWARD_AGENT_DATA_DIR) return path.resolve(process.env.STEWARD_AGENT_DATA_DIR);
  if (process.platform === "win32")
    return path.join(process.env.ProgramData ?? "C:\\ProgramData", "Steward", "Agent");
  if (process.platform === "darwin") return "/Library/Application Support/Steward/Agent";
  return process.getuid?.() === 0 ? "/var/lib/steward-agent" : path.join(os.homedir(), ".steward-agent");
}

export const stateFile = (dataDir: string) => path.join(dataDir, "agent.json");

export function newKeyPair(): { privateKeyPem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const spki = publicKey.export({ format: "der", type: "spki" });
  // The raw key is the last 32 bytes of the SPKI encoding.
  return {
    privateKeyPem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicKey: spki.subarray(spki.length - 32).toString("base64"),
  };
}

/** The X25519 key pair secrets inside commands are sealed to. */
export function newEncryptionKeyPair(): { encryptionPrivateKeyPem: string; encryptionPublicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("x25519");
  const spki = publicKey.export({ format: "der", type: "spki" });
  return {
    encryptionPrivateKeyPem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    encryptionPublicKey: spki.subarray(spki.length - 32).toString("base64"),
  };
}

/**
 * The state with an encryption key pair: an agent enrolled before agents had one makes it at its
 * next start (and sends it in its hello from then on).
 */
export function withEncryptionKey(
  dataDir: string,
  state: AgentState,
): AgentState & { encryptionPrivateKeyPem: string; encryptionPublicKey: string } {
  const { encryptionPrivateKeyPem, encryptionPublicKey } = state;
  if (encryptionPrivateKeyPem && encryptionPublicKey)
    return { ...state, encryptionPrivateKeyPem, encryptionPublicKey };
  const upgraded = { ...state, ...newEncryptionKeyPair() };
  saveState(dataDir, upgraded);
  return upgraded;
}

/** SHA-256 (hex) of a raw public key given in base64: what install commands print to pin it. */
export function keyFingerprint(rawBase64: string): string {
  return createHash("sha256").update(Buffer.from(rawBase64, "base64")).digest("hex");
}

export function signWith(privateKeyPem: string, payload: string): string {
  return sign(null, Buffer.from(payload, "utf8"), createPrivateKey(privateKeyPem)).toString("base64");
}

export function saveState(dataDir: string, state: AgentState): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = stateFile(dataDir);
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2), { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

export function loadState(dataDir: string): AgentState | undefined {
  const file = stateFile(dataDir);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8")) as AgentState;
}
