import { createHash, createPublicKey, verify } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { UpdateCrypto } from "@steward/domain";
import { trustOptions } from "../connection/http.js";

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** Ed25519 and SHA-256 from node:crypto for the update metadata checks. */
export const nodeUpdateCrypto: UpdateCrypto = {
  verify: (pub, message, sig) =>
    verify(
      null,
      Buffer.from(message, "utf8"),
      createPublicKey({
        key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(pub, "base64")]),
        format: "der",
        type: "spki",
      }),
      Buffer.from(sig, "base64"),
    ),
  sha256Hex: (data) => createHash("sha256").update(data).digest("hex"),
};

export function sha256File(file: string): Promise<{ length: number; sha256Hex: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    let length = 0;
    fs.createReadStream(file)
      .on("data", (c: string | Buffer) => {
        const b = typeof c === "string" ? Buffer.from(c) : c;
        length += b.length;
        hash.update(b);
      })
      .on("error", reject)
      .on("end", () => resolve({ length, sha256Hex: hash.digest("hex") }));
  });
}

export function getJson(url: string, caFile?: string): Promise<{ status: number; json: unknown }> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      { timeout: 60_000, ...(target.protocol === "https:" ? trustOptions(caFile) : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > 8 * 1024 * 1024) req.destroy(new Error("metadata too large"));
          else chunks.push(c);
        });
        res.on("end", () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
            });
          } catch {
            resolve({ status: res.statusCode ?? 0, json: undefined });
          }
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}

export interface DownloadOptions {
  url: string;
  /** The file written; bytes already in it are kept and the rest asked for with a Range request. */
  file: string;
  expectedLength: number;
  /** Bytes per second this download may take at most (0: no cap). */
  bytesPerSecond?: number;
  caFile?: string | undefined;
  headers?: Record<string, string>;
}

/**
 * Downloads into `file`, resuming after the bytes it already holds and pacing reads to the
 * bandwidth cap. Never reads past the signed length, so an endless answer cannot fill the disk.
 */
export function downloadResumable(opts: DownloadOptions): Promise<{ resumedFrom: number; received: number }> {
  let have = 0;
  try {
    have = fs.statSync(opts.file).size;
  } catch {
    have = 0;
  }
  if (have > opts.expectedLength) {
    fs.rmSync(opts.file, { force: true });
    have = 0;
  }
  if (have === opts.expectedLength) return Promise.resolve({ resumedFrom: have, received: 0 });
  const target = new URL(opts.url);
  const client = target.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { ...opts.headers };
  if (have > 0) headers.range = `bytes=${have}-`;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      { headers, timeout: 60_000, ...(target.protocol === "https:" ? trustOptions(opts.caFile) : {}) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200 && status !== 206) {
          res.resume();
          reject(new Error(`The server answered ${status} for ${target.pathname}.`));
          return;
        }
        const resumedFrom = status === 206 ? have : 0;
        const out = fs.createWriteStream(opts.file, { flags: status === 206 ? "a" : "w", mode: 0o600 });
        let written = resumedFrom;
        let received = 0;
        const started = Date.now();
        const cap = opts.bytesPerSecond ?? 0;
        res.on("data", (chunk: Buffer) => {
          const room = opts.expectedLength - written;
          const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
          written += part.length;
          received += part.length;
          if (!out.write(part)) {
            res.pause();
            out.once("drain", () => res.resume());
          }
          if (written >= opts.expectedLength) {
            res.destroy();
            out.end();
            return;
          }
          if (cap > 0) {
            const due = (received / cap) * 1000 - (Date.now() - started);
            if (due > 5) {
              res.pause();
              setTimeout(() => res.resume(), due);
            }
          }
        });
        res.on("end", () => out.end());
        res.on("error", (err) => {
          out.end();
          reject(err);
        });
        // The last chunk may arrive faster than the cap allows: the download ends when the cap says it may.
        out.on("finish", () => {
          const due = cap > 0 ? (received / cap) * 1000 - (Date.now() - started) : 0;
          setTimeout(() => resolve({ resumedFrom, received }), Math.max(0, due));
        });
        out.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}
