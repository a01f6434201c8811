import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { sendError } from "../errors/error-handler.js";

export const defaultWebDist = fileURLToPath(new URL("../../../../web/dist", import.meta.url));

/**
 * Serves the built console and answers unknown paths: JSON 404 under /api, the console's
 * index.html for any other GET (client-side routes), plain 404 otherwise. The security headers
 * (the Content-Security-Policy among them) come from installSecurityHeaders, for every answer.
 */
export async function installWebAssets(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, "index.html");
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    // The built files are public; their routes say so (every route must declare its access).
    await app.register(async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.config = {
          ...(route.config ?? {}),
          access: "public",
          staticAsset: true,
        } as typeof route.config;
      });
      await scope.register(fastifyStatic, {
        root: webDist,
        prefix: "/",
        wildcard: false,
        index: false,
        cacheControl: false,
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPath(pathname)) {
      return sendError(reply, request, 404, "E_NOT_FOUND", {
        id: "errors.http.noEndpoint",
        values: { method: request.method, path: pathname },
      });
    }
    if (request.method === "GET" && hasWeb && !path.extname(pathname)) {
      return reply.header("cache-control", "no-cache").type("text/html").send(fs.createReadStream(indexFile));
    }
    return reply.status(404).type("text/plain").send("Not found");
  });
}

/**
 * True when a request target names the API however it is spelled: absolute-form targets,
 * percent-encoding, repeated slashes, dot segments and letter case all count, so an unknown
 * API path answers the JSON 404 for every spelling and never the console page.
 */
export function isApiPath(target: string): boolean {
  let p = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  for (let i = 0; i < 3; i += 1) {
    try {
      const decoded = decodeURIComponent(p);
      if (decoded === p) break;
      p = decoded;
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of p.split(/[/\\]+/)) {
    // Parameters (";a=b") and NULs do not make another name.
    const name = segment.split(";")[0]!.replaceAll("\u0000", "").toLowerCase();
    if (name === "" || name === ".") continue;
    if (name === "..") segments.pop();
    else segments.push(name);
  }
  return segments[0] === "api";
}
