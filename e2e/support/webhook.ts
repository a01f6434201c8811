// A generic-webhook receiver on loopback for the journeys: records every request it gets and
// checks each one's signature the way a receiver outside Steward would (HMAC-SHA256 of
// "<timestamp>.<body>" under the channel's secret), so a test can count what a channel sent.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  /** The body as JSON (the generic webhook sends the event with its channel id). */
  body: {
    channelId?: number;
    kind?: string;
    title?: string;
    text?: string;
    severity?: string | null;
    link?: string | null;
    at?: string;
  };
  raw: string;
  /** The signature header matched the body and timestamp under the channel's secret. */
  signed: boolean;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

function validSignature(
  secret: string,
  header: string | undefined,
  timestamp: string | undefined,
  raw: string,
) {
  if (!header || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const expected = Buffer.from(
    "sha256=" + createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex"),
  );
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Listens on 127.0.0.1 at a free port; answers 204 to every POST and records it. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: ReceivedWebhook["body"] = {};
      try {
        body = JSON.parse(raw) as ReceivedWebhook["body"];
      } catch {
        // recorded as it came; the test sees an empty body
      }
      const header = req.headers["x-steward-signature"];
      const timestamp = req.headers["x-steward-timestamp"];
      received.push({
        body,
        raw,
        signed: validSignature(
          secret,
          Array.isArray(header) ? header[0] : header,
          Array.isArray(timestamp) ? timestamp[0] : timestamp,
          raw,
        ),
        receivedAt: Date.now(),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/steward-hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
