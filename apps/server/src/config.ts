import path from "node:path";

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Public base URL used in invite links; defaults to http://localhost:PORT. */
  publicUrl: string;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Served over HTTPS (directly or behind a TLS-terminating proxy): cookies get Secure. */
  trustProxy: boolean;
  /**
   * STEWARD_TRUSTED_PROXIES (comma-separated addresses or CIDR networks): the reverse proxies whose
   * X-Forwarded-For names the client for the technicians' IP allow-list. From any other peer the
   * header is ignored, so a client cannot claim an allowed address.
   */
  trustedProxies: string[];
  logLevel: string;
  webDistDir: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedAdmin: { email: string; password: string } | undefined;
  bodyLimitBytes: number;
  /** Port of the agent listener (its own port: it exposes no console routes). */
  agentPort: number;
  /** URL agents use to reach the agent listener; shown in install commands. */
  agentPublicUrl: string;
  /** Seconds between agent heartbeats, and of silence after which a device is marked DOWN. */
  agentHeartbeatSeconds: number;
  agentSilenceSeconds: number;
  /** Bytes per second one agent update download may take (STEWARD_AGENT_UPDATE_BYTES_PER_SECOND; unset: no cap). */
  agentUpdateBytesPerSecond?: number;
  /** Milliseconds between passes of the agent rollout engine (STEWARD_AGENT_ROLLOUT_TICK_MS). */
  agentRolloutTickMs?: number;
  /**
   * STEWARD_TLS_CERT and STEWARD_TLS_KEY (PEM file paths): both listeners serve HTTPS (and WSS)
   * themselves; the public URLs then default to https.
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Requests per minute to the sign-in, MFA, setup and invitation endpoints, per address and per account. */
  authRateLimits: { perIpPerMinute: number; perAccountPerMinute: number };
  /**
   * STEWARD_WEBHOOKS_ALLOW_LOOPBACK=true: notification webhooks may post to loopback addresses
   * (a receiver on the same machine). Off by default: loopback reaches the server's own companions.
   */
  webhooksAllowLoopback: boolean;
}

/**
 * A whole-number setting. Most must be positive; a setting where 0 has a meaning of its own
 * (no cap, any free port) passes `min` 0 and then takes 0 as given.
 */
function int(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(
      `${name} must be ${min === 0 ? "a whole number of 0 or more" : "a positive integer"}, got "${value}"`,
    );
  return n;
}

/** Reads the server's configuration from the environment; every setting has an embedded default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 8080, "PORT");
  // 0: the agent listener takes any free port (tests run several servers side by side).
  const agentPort = int(env.STEWARD_AGENT_PORT, port + 1, "STEWARD_AGENT_PORT", 0);
  const tls = tlsFiles(env);
  const scheme = tls ? "https" : "http";
  const email = env.STEWARD_ADMIN_EMAIL;
  const password = env.STEWARD_ADMIN_PASSWORD;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.STEWARD_DATA_DIR ?? "./var"),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.STEWARD_PUBLIC_URL ?? `${scheme}://localhost:${port}`).replace(/\/+$/, ""),
    sessionIdleSeconds: int(env.STEWARD_SESSION_IDLE_SECONDS, 3600, "STEWARD_SESSION_IDLE_SECONDS"),
    sessionAbsoluteSeconds: int(
      env.STEWARD_SESSION_ABSOLUTE_SECONDS,
      86400,
      "STEWARD_SESSION_ABSOLUTE_SECONDS",
    ),
    trustProxy: env.STEWARD_TRUST_PROXY === "true",
    trustedProxies: (env.STEWARD_TRUSTED_PROXIES ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== ""),
    logLevel: env.LOG_LEVEL ?? "info",
    webDistDir: env.STEWARD_WEB_DIST,
    smtpUrl: env.STEWARD_SMTP_URL || undefined,
    mailFrom: env.STEWARD_MAIL_FROM ?? "Steward <steward@localhost>",
    seedAdmin: email && password ? { email, password } : undefined,
    bodyLimitBytes: int(env.STEWARD_BODY_LIMIT_BYTES, 1048576, "STEWARD_BODY_LIMIT_BYTES"),
    agentPort,
    agentPublicUrl: (
      env.STEWARD_AGENT_PUBLIC_URL ?? `${scheme}://${publicHost(env, port)}:${agentPort}`
    ).replace(/\/+$/, ""),
    agentHeartbeatSeconds: int(env.STEWARD_AGENT_HEARTBEAT_SECONDS, 20, "STEWARD_AGENT_HEARTBEAT_SECONDS"),
    agentSilenceSeconds: int(env.STEWARD_AGENT_SILENCE_SECONDS, 60, "STEWARD_AGENT_SILENCE_SECONDS"),
    agentUpdateBytesPerSecond: int(
      env.STEWARD_AGENT_UPDATE_BYTES_PER_SECOND,
      0,
      "STEWARD_AGENT_UPDATE_BYTES_PER_SECOND",
      0,
    ),
    agentRolloutTickMs: int(env.STEWARD_AGENT_ROLLOUT_TICK_MS, 2000, "STEWARD_AGENT_ROLLOUT_TICK_MS"),
    tls,
    webhooksAllowLoopback: env.STEWARD_WEBHOOKS_ALLOW_LOOPBACK === "true",
    authRateLimits: {
      perIpPerMinute: int(env.STEWARD_AUTH_RATE_LIMIT_IP, 100, "STEWARD_AUTH_RATE_LIMIT_IP"),
      perAccountPerMinute: int(env.STEWARD_AUTH_RATE_LIMIT_ACCOUNT, 30, "STEWARD_AUTH_RATE_LIMIT_ACCOUNT"),
    },
  };
}

function tlsFiles(env: NodeJS.ProcessEnv): ServerConfig["tls"] {
  const cert = env.STEWARD_TLS_CERT || undefined;
  const key = env.STEWARD_TLS_KEY || undefined;
  if (!cert && !key) return undefined;
  if (!cert || !key)
    throw new Error("Set both STEWARD_TLS_CERT and STEWARD_TLS_KEY (PEM file paths), or neither");
  return { certFile: path.resolve(cert), keyFile: path.resolve(key) };
}

function publicHost(env: NodeJS.ProcessEnv, port: number): string {
  try {
    return new URL(env.STEWARD_PUBLIC_URL ?? `http://localhost:${port}`).hostname;
  } catch {
    return "localhost";
  }
}
