import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { agent as proto } from "@steward/contracts";
import {
  bootstrapRootPayload,
  chooseTarget,
  refreshMetadata,
  verifyArtifact,
  type RootMetadata,
  type Signed,
  type UpdateMetadataBundle,
} from "@steward/domain";
import { nodeUpdateCrypto } from "../update/download.js";

export interface SimUpdateStats {
  /** Bytes received from the server for updates (metadata and artifacts). */
  bytes: number;
  requests: number;
  installed: number;
  refused: number;
}

export interface SimUpdateContext {
  serverUrl: string;
  serverPublicKey: string | undefined;
  runningVersion: string;
  send(message: proto.AgentToServer): boolean;
  stats: SimUpdateStats;
}

function get(url: string, stats: SimUpdateStats): Promise<{ status: number; body: Buffer }> {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { rejectUnauthorized: false, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        stats.bytes += body.length;
        stats.requests++;
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}

/**
 * A simulated agent takes an offered update the way the real one checks it: the signed metadata
 * from the bootstrap root (vouched for by the server key), the target for its platform, the
 * artifact's length and SHA-256. It keeps nothing on disk. True when the update was accepted.
 */
export async function simulateUpdate(
  ctx: SimUpdateContext,
  offer: proto.UpdateOfferMessage,
): Promise<boolean> {
  const report = (status: proto.UpdateStatusMessage["status"], reason?: string) =>
    ctx.send({
      type: "update-status",
      rolloutId: offer.rolloutId,
      version: offer.version,
      status,
      ...(reason ? { reason: reason.slice(0, 500) } : {}),
    });
  try {
    report("downloading");
    const base = ctx.serverUrl.replace(/\/+$/, "");
    const meta = await get(`${base}/agent/v1/updates/metadata`, ctx.stats);
    const answer = JSON.parse(meta.body.toString("utf8")) as UpdateMetadataBundle & {
      bootstrap: { root: Signed<RootMetadata>; signature: string };
    };
    if (
      ctx.serverPublicKey &&
      !nodeUpdateCrypto.verify(
        ctx.serverPublicKey,
        bootstrapRootPayload(answer.bootstrap.root),
        answer.bootstrap.signature,
      )
    )
      throw new Error("The first update root is not signed by the pinned server key.");
    const trusted = refreshMetadata({ root: answer.bootstrap.root }, answer, nodeUpdateCrypto, new Date());
    // Simulated devices report as linux-x64 builds.
    const target = chooseTarget(
      trusted.targets.signed,
      { version: offer.version, platform: "linux", arch: "x64" },
      ctx.runningVersion,
    );
    const artifact = await get(
      `${base}/agent/v1/updates/artifacts/${encodeURIComponent(target.name)}`,
      ctx.stats,
    );
    verifyArtifact(target.file, {
      length: artifact.body.length,
      sha256Hex: createHash("sha256").update(artifact.body).digest("hex"),
    });
    ctx.stats.installed++;
    return true;
  } catch (err) {
    ctx.stats.refused++;
    report("failed", (err as Error).message);
    return false;
  }
}
