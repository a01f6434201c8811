import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";

/**
 * TLS trust for the server's certificate: the CAs Node.js trusts, plus the CA certificate file
 * given with --ca (a self-signed or private-CA console). Certificates are always verified.
 */
export function trustOptions(caFile: string | undefined): { ca?: string[] } {
  if (!caFile) return {};
  return { ca: [...tls.rootCertificates, fs.readFileSync(caFile, "utf8")] };
}

/** POSTs JSON over http or https (with the agent's trust options) and parses the JSON answer. */
export function postJson(
  url: string,
  body: unknown,
  caFile?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const target = new URL(url);
  const text = JSON.stringify(body);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
        timeout: 60_000,
        ...(target.protocol === "https:" ? trustOptions(caFile) : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
          } catch {
            // Not JSON: the status says enough.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(text);
  });
}
