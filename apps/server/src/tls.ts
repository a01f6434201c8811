import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.js";

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
}

/** The certificate chain and private key named by STEWARD_TLS_CERT / STEWARD_TLS_KEY, read once at start. */
export function readTls(config: Pick<ServerConfig, "tls">): TlsMaterial | undefined {
  if (!config.tls) return undefined;
  try {
    return { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) };
  } catch (err) {
    throw new Error(`Cannot read the TLS certificate or key: ${(err as Error).message}`);
  }
}

/**
 * Serves the console app over HTTPS itself: Fastify routes every request of an https server, so
 * request.protocol is "https" (session cookies get Secure, HSTS is sent). Returns the port and
 * a close function that stops accepting connections and waits for open requests.
 */
export async function listenHttps(
  app: FastifyInstance,
  tls: TlsMaterial,
  port: number,
  host: string,
): Promise<{ server: https.Server; port: number; close(): Promise<void> }> {
  await app.ready();
  const server = https.createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (req, res) =>
    app.routing(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
