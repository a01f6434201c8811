import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { agent as proto } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { errorBody } from "../../platform/errors/error-handler.js";
import type { EnrollmentService } from "./enrollment.service.js";
import type { AgentGateway } from "./gateway.js";
import { agentBundlePath } from "./enrollment.routes.js";
import { releaseFilePath } from "./agent-release.js";

export interface AgentListenerOptions {
  enrollment: EnrollmentService;
  gateway: AgentGateway;
  logger: FastifyBaseLogger;
  trustProxy: boolean;
  /** Certificate and key: the listener serves HTTPS and WSS itself. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
  /** Further agent endpoints (update metadata and artifacts); true when it answered the request. */
  handleOther?: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined;
}

function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return (first || req.socket.remoteAddress || "").replace(/^::ffff:/, "");
}

/** An error answer of the agent listener: the console's error body without a request id. */
function replyError(res: http.ServerResponse, error: AppError) {
  reply(res, error.statusCode, errorBody(error));
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError("E_BODY_TOO_LARGE", 400);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The agent listener: its own HTTP (or, with a certificate, HTTPS) server and port, separate from the console. It knows two
 * things only: POST /agent/v1/enroll and the WebSocket at /agent/v1/ws. No cookies, no
 * console routes; everything else is 404.
 */
export function createAgentListener(options: AgentListenerOptions) {
  const { enrollment, gateway, logger } = options;

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "POST" && path === "/agent/v1/enroll") {
      void handleEnroll(req, res);
      return;
    }
    if (req.method === "GET" && path === "/agent/v1/download/steward-agent.mjs") {
      // The agent program is not secret; the one-line install command fetches it from here.
      if (!fs.existsSync(agentBundlePath)) {
        replyError(res, new AppError("E_NOT_FOUND", 404, { id: "errors.enrollment.agentNotBuilt" }));
        return;
      }
      res.writeHead(200, {
        "content-type": "text/javascript",
        "content-length": fs.statSync(agentBundlePath).size,
      });
      fs.createReadStream(agentBundlePath).pipe(res);
      return;
    }
    if (req.method === "GET" && path?.startsWith("/agent/v1/download/")) {
      // The built release: self-contained executables, packages and SHA256SUMS (not secret).
      const file = releaseFilePath(path.slice("/agent/v1/download/".length));
      if (!file) {
        replyError(res, new AppError("E_NOT_FOUND", 404, { id: "errors.enrollment.agentNotBuilt" }));
        return;
      }
      res.writeHead(200, {
        "content-type": file.endsWith("SHA256SUMS")
          ? "text/plain; charset=utf-8"
          : "application/octet-stream",
        "content-length": fs.statSync(file).size,
      });
      fs.createReadStream(file).pipe(res);
      return;
    }
    if (req.method === "GET" && path === "/agent/v1/health") {
      reply(res, 200, { status: "ok" });
      return;
    }
    if (options.handleOther?.(req, res)) return;
    replyError(res, new AppError("E_NOT_FOUND", 404, { id: "errors.enrollment.notAgentEndpoint" }));
  };
  const server: http.Server | https.Server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, minVersion: "TLSv1.2" }, handle)
    : http.createServer(handle);

  async function handleEnroll(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
        throw new AppError("E_UNSUPPORTED_MEDIA_TYPE", 415);
      }
      const text = await readBody(req, proto.AGENT_MAX_MESSAGE_BYTES);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AppError("E_BAD_JSON", 400);
      }
      const parsed = proto.enrollRequestWithOrg.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError(
          "E_VALIDATION",
          400,
          issue
            ? { id: "errors.validation.field", values: { field: issue.path.join("."), issue: issue.message } }
            : { id: "errors.validation.fieldInvalid", values: { field: "body" } },
        );
      }
      const answer = await enrollment.enroll(parsed.data, clientIp(req, options.trustProxy));
      logger.info({ deviceId: answer.deviceId, approval: answer.approval }, "device enrolled");
      reply(res, 201, proto.enrollResponse.parse(answer));
    } catch (err) {
      if (err instanceof AppError) {
        replyError(res, err);
        return;
      }
      logger.error({ err }, "enrollment failed");
      replyError(res, new AppError("E_INTERNAL", 500, { id: "errors.enrollment.failed" }));
    }
  }

  server.on("upgrade", (req, socket, head) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/agent/v1/ws") {
      socket.write("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      socket.destroy();
      return;
    }
    gateway.wss.handleUpgrade(req, socket, head, (ws) =>
      gateway.accept(ws, req, clientIp(req, options.trustProxy)),
    );
  });

  return {
    server,
    async listen(port: number, host: string): Promise<number> {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve());
      });
      return (server.address() as AddressInfo).port;
    },
    async close(): Promise<void> {
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type AgentListener = ReturnType<typeof createAgentListener>;
