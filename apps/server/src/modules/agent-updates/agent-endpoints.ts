import fs from "node:fs";
import type http from "node:http";
import { agent as proto } from "@steward/contracts";
import type { AgentUpdatesService } from "./agent-updates.service.js";

export interface UpdateEndpointOptions {
  /** Bytes per second one artifact download may take at most (0: no cap). */
  bytesPerSecond?: number;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

/**
 * The agents' update endpoints on the agent listener: signed metadata and artifacts. Both are
 * public: an agent trusts only what the signed metadata says, wherever the bytes came from.
 * Artifacts answer Range requests (a broken download resumes) and are paced to the cap.
 * Returns false for any other path.
 */
export function handleUpdateRequest(
  service: AgentUpdatesService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: UpdateEndpointOptions = {},
): boolean {
  const url = new URL(req.url ?? "/", "http://agent.invalid");
  if (req.method !== "GET" || !url.pathname.startsWith("/agent/v1/updates/")) return false;
  void (async () => {
    try {
      if (url.pathname === "/agent/v1/updates/metadata") {
        const q = proto.updateMetadataQuery.safeParse({ root: url.searchParams.get("root") ?? undefined });
        if (!q.success) return json(res, 400, { code: "E_VALIDATION" });
        return json(res, 200, await service.metadata(q.data.root));
      }
      const prefix = "/agent/v1/updates/artifacts/";
      if (!url.pathname.startsWith(prefix)) return json(res, 404, { code: "E_NOT_FOUND" });
      const name = decodeURIComponent(url.pathname.slice(prefix.length));
      const artifact = await service.artifact(name);
      if (!artifact) return json(res, 404, { code: "E_NOT_FOUND" });
      let start = 0;
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
      if (range) {
        start = Number(range[1]);
        if (start >= artifact.length) {
          res.writeHead(416, { "content-range": `bytes */${artifact.length}` });
          res.end();
          return;
        }
        res.writeHead(206, {
          "content-type": "application/octet-stream",
          "content-length": artifact.length - start,
          "content-range": `bytes ${start}-${artifact.length - 1}/${artifact.length}`,
          "accept-ranges": "bytes",
        });
      } else
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": artifact.length,
          "accept-ranges": "bytes",
        });
      const stream = fs.createReadStream(artifact.file, { start, highWaterMark: 64 * 1024 });
      const cap = options.bytesPerSecond ?? 0;
      const began = Date.now();
      let sent = 0;
      stream.on("data", (chunk: string | Buffer) => {
        sent += chunk.length;
        if (!res.write(chunk)) {
          stream.pause();
          res.once("drain", () => stream.resume());
        }
        if (cap > 0) {
          const due = (sent / cap) * 1000 - (Date.now() - began);
          if (due > 5) {
            stream.pause();
            setTimeout(() => stream.resume(), due);
          }
        }
      });
      stream.on("end", () => res.end());
      stream.on("error", () => res.destroy());
      res.on("close", () => stream.destroy());
    } catch {
      if (!res.headersSent) json(res, 500, { code: "E_INTERNAL" });
      else res.destroy();
    }
  })();
  return true;
}
