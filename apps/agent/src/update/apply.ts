import fs from "node:fs";
import path from "node:path";
import {
  bootstrapRootPayload,
  chooseTarget,
  refreshMetadata,
  UpdateRefusal,
  verifyArtifact,
  type RootMetadata,
  type Signed,
  type TrustedUpdateState,
  type UpdateMetadataBundle,
} from "@steward/domain";
import { downloadResumable, getJson, nodeUpdateCrypto, sha256File } from "./download.js";
import { stageVersion, swapTo, versionDir } from "./layout.js";

export const TRUST_FILE = "update-trust.json";

export { bootstrapRootPayload };

export interface UpdateContext {
  serverUrl: string;
  caFile?: string | undefined;
  dataDir: string;
  installDir: string;
  /** The pinned command-signing key: it vouches only for the first update root, never for updates. */
  serverPublicKey: string;
  runningVersion: string;
  platform: string;
  arch: string;
  now?: () => Date;
}

export interface UpdateOffer {
  version: string;
  rolloutId?: number | undefined;
  /** Seconds the new version has to reconnect and pass its health check. */
  healthSeconds: number;
  /** Download bandwidth cap in bytes per second (0: none). */
  bytesPerSecond: number;
}

export type UpdateProgress = "downloading" | "verifying" | "swapped";

export function loadTrust(dataDir: string): TrustedUpdateState | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, TRUST_FILE), "utf8")) as TrustedUpdateState;
  } catch {
    return undefined;
  }
}

function saveTrust(dataDir: string, trust: TrustedUpdateState): void {
  const file = path.join(dataDir, TRUST_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(trust), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

interface MetadataAnswer extends UpdateMetadataBundle {
  bootstrap?: { root: Signed<RootMetadata>; signature: string };
}

/**
 * Fetches and verifies the update metadata, downloads the build the offer names (resuming a
 * partial download), checks its length and SHA-256 against the signed targets, stages it and
 * swaps `current` to it. Every refusal throws; nothing is swapped unless every check passed.
 * The caller then exits so the launcher starts the new version on trial.
 */
export async function applyUpdate(
  ctx: UpdateContext,
  offer: UpdateOffer,
  progress: (step: UpdateProgress) => void = () => undefined,
): Promise<void> {
  const now = ctx.now ?? (() => new Date());
  const base = ctx.serverUrl.replace(/\/+$/, "");
  let trust = loadTrust(ctx.dataDir);
  const q = trust ? `?root=${trust.root.signed.version}` : "";
  const res = await getJson(`${base}/agent/v1/updates/metadata${q}`, ctx.caFile);
  if (res.status !== 200 || typeof res.json !== "object" || res.json === null)
    throw new Error(`The update metadata could not be fetched (${res.status}).`);
  const answer = res.json as MetadataAnswer;
  if (!trust) {
    // The first root is taken only with the pinned command key's signature over it.
    const b = answer.bootstrap;
    if (!b || !nodeUpdateCrypto.verify(ctx.serverPublicKey, bootstrapRootPayload(b.root), b.signature))
      throw new UpdateRefusal("signature", "The first update root is not signed by the pinned server key.");
    trust = { root: b.root };
  }
  const verified = refreshMetadata(trust, answer, nodeUpdateCrypto, now());
  // Newer versions of the metadata are remembered at once, so a later replay of older ones is refused.
  saveTrust(ctx.dataDir, verified);
  const chosen = chooseTarget(
    verified.targets.signed,
    { version: offer.version, platform: ctx.platform, arch: ctx.arch },
    ctx.runningVersion,
  );
  fs.mkdirSync(path.join(ctx.installDir, "downloads"), { recursive: true });
  const partial = path.join(
    ctx.installDir,
    "downloads",
    `${chosen.name.replace(/[^A-Za-z0-9._-]/g, "_")}.part`,
  );
  progress("downloading");
  await downloadResumable({
    url: `${base}/agent/v1/updates/artifacts/${encodeURIComponent(chosen.name)}`,
    file: partial,
    expectedLength: chosen.file.length,
    bytesPerSecond: offer.bytesPerSecond,
    caFile: ctx.caFile,
  });
  progress("verifying");
  try {
    verifyArtifact(chosen.file, await sha256File(partial));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const kind = chosen.name.endsWith(".mjs") ? "bundle" : "binary";
  stageVersion(ctx.installDir, offer.version, partial, kind);
  fs.rmSync(partial, { force: true });
  if (!fs.existsSync(versionDir(ctx.installDir, offer.version))) throw new Error("Staging failed.");
  swapTo(ctx.installDir, offer.version, {
    now: now(),
    healthSeconds: offer.healthSeconds,
    rolloutId: offer.rolloutId,
  });
  progress("swapped");
}
