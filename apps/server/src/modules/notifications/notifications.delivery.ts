import http from "node:http";
import https from "node:https";
import net from "node:net";
import { RefusedTarget, resolveTarget, type TargetRules } from "./notifications.address.js";

export interface RetryRules {
  /** Attempts in all (the first one included). */
  maxAttempts: number;
  /** Wait before the second attempt; each later wait doubles. */
  baseDelayMs: number;
  /** Each attempt's limit for connecting, sending and the answer. */
  timeoutMs: number;
}

export const defaultRetryRules: RetryRules = { maxAttempts: 4, baseDelayMs: 1000, timeoutMs: 10_000 };

export interface DeliveryResult {
  outcome: "DELIVERED" | "FAILED" | "REFUSED";
  httpStatus: number | null;
  error: string | null;
  attempts: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One POST to the checked address (the Host header and TLS name stay the URL's own). */
function postOnce(
  url: URL,
  address: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        timeout: timeoutMs,
        // Connect to the address the rules allowed, whatever the name resolves to now.
        lookup: (_host, options, callback) => {
          const family = net.isIPv6(address) ? 6 : 4;
          if ((options as { all?: boolean }).all) callback(null, [{ address, family }] as never);
          else callback(null, address, family);
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A 5xx, 408 or 429 answer, or no answer at all, is worth another attempt; other 4xx are not. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Posts a body with retries: exponential backoff between attempts, at most maxAttempts, each
 * bounded by the timeout. A target the address rules refuse is never called.
 */
export async function postWithRetries(
  rawUrl: string,
  body: string,
  headers: () => Record<string, string>,
  rules: TargetRules,
  retry: RetryRules,
): Promise<DeliveryResult> {
  let target;
  try {
    target = await resolveTarget(rawUrl, rules);
  } catch (e) {
    if (e instanceof RefusedTarget)
      return { outcome: "REFUSED", httpStatus: null, error: e.message, attempts: 0 };
    throw e;
  }
  let last: DeliveryResult = { outcome: "FAILED", httpStatus: null, error: null, attempts: 0 };
  for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
    if (attempt > 1) await sleep(retry.baseDelayMs * 2 ** (attempt - 2));
    try {
      const status = await postOnce(target.url, target.address, body, headers(), retry.timeoutMs);
      if (status >= 200 && status < 300)
        return { outcome: "DELIVERED", httpStatus: status, error: null, attempts: attempt };
      last = { outcome: "FAILED", httpStatus: status, error: `HTTP ${status}`, attempts: attempt };
      if (!retryable(status)) return last;
    } catch (e) {
      last = {
        outcome: "FAILED",
        httpStatus: null,
        error: (e as Error).message.slice(0, 500),
        attempts: attempt,
      };
    }
  }
  return last;
}
