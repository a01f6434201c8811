import type { FastifyInstance } from "fastify";
import { isApiPath } from "./web-assets.js";

/**
 * The console's Content-Security-Policy: scripts only from the server's own files (the built
 * console has no inline script), no plugins, no framing by any page, forms and the base URL kept
 * on this origin. Styles allow inline because Mantine writes its CSS variables and style
 * attributes at run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** One year; sent only on HTTPS (directly, or behind a trusted proxy that says so). */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every answer of the console listener: API, built files, the console page,
 * errors and 404s alike.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // API answers are never cached, however the path was spelled.
    if (isApiPath(request.url.split("?")[0] ?? "/")) reply.header("cache-control", "no-store");
    reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    reply.header("x-frame-options", "DENY");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    reply.header("cross-origin-opener-policy", "same-origin");
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
