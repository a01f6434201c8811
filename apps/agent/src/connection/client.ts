import WebSocket from "ws";
import { agent as proto } from "@steward/contracts";
import { backoffDelay } from "./backoff.js";
import { trustOptions } from "./http.js";

export interface ConnectionOptions {
  serverUrl: string;
  deviceId: number;
  agentVersion: string;
  /** Signs the challenge payload with the device's private key. */
  sign(payload: string): string;
  /** The agent's X25519 public key, sent (and signed) in every hello. */
  encryptionPublicKey?: string;
  /** What the agent says about itself (build, install path, last errors), read at each hello. */
  selfReport?: () => proto.AgentSelfReport;
  /** A CA certificate file trusted for a wss server, besides Node's own CAs. */
  caFile?: string;
  /** Called once authenticated; returns what to send as the first inventory report. */
  onWelcome?(welcome: { wantFullInventory: boolean; approval: string }): void;
  onPong?(rttMs: number): void;
  onCommand?(message: Extract<proto.ServerToAgent, { type: "command" }>): void;
  onJobAck?(jobUid: string, attempt: number): void;
  /** The server offers an agent update (the signed update metadata decides whether it is taken). */
  onUpdateOffer?(message: proto.UpdateOfferMessage): void;
  onStateChange?(state: "connecting" | "connected" | "disconnected" | "stopped", detail?: string): void;
  /** Overrides the server's heartbeat interval (simulator, tests). */
  heartbeatSeconds?: number;
  random?: () => number;
}

export function wsUrl(serverUrl: string): string {
  const u = new URL(serverUrl);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  u.pathname = `${u.pathname.replace(/\/+$/, "")}/agent/v1/ws`;
  return u.toString();
}

/**
 * One outbound WebSocket to the agent listener: answers the server's challenge, keeps a
 * heartbeat, and reconnects with jittered exponential backoff until stopped.
 */
export class AgentConnection {
  private ws: WebSocket | undefined;
  private attempt = 0;
  private seq = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  private authenticated = false;
  /** The heartbeat the server asked for in its welcome, and the one the device's policy sets. */
  private serverHeartbeatSeconds: number | undefined;
  private policyHeartbeatSeconds: number | undefined;

  constructor(private readonly options: ConnectionOptions) {}

  /**
   * The policy's heartbeat (undefined: the server's). It is never slower than the server's own:
   * the server closes connections that stay silent longer than that allows.
   */
  setPolicyHeartbeatSeconds(seconds: number | undefined): void {
    this.policyHeartbeatSeconds = seconds;
    if (this.authenticated) this.startHeartbeat();
  }

  /** Seconds between heartbeats now (undefined before the first welcome). */
  get heartbeatSeconds(): number | undefined {
    if (this.options.heartbeatSeconds !== undefined) return this.options.heartbeatSeconds;
    const server = this.serverHeartbeatSeconds;
    if (server === undefined) return undefined;
    return Math.min(this.policyHeartbeatSeconds ?? server, server);
  }

  private startHeartbeat(): void {
    const seconds = this.heartbeatSeconds;
    clearInterval(this.heartbeat);
    if (seconds !== undefined) this.heartbeat = setInterval(() => this.ping(), seconds * 1000);
  }

  get connected(): boolean {
    return this.authenticated && this.ws?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    this.ws?.close(1000, "agent stopping");
    this.options.onStateChange?.("stopped");
  }

  /** Sends a message if authenticated; false when offline (the caller keeps it for later). */
  send(message: proto.AgentToServer): boolean {
    if (!this.connected || !this.ws) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  private open(): void {
    this.options.onStateChange?.("connecting");
    const ws = new WebSocket(wsUrl(this.options.serverUrl), {
      maxPayload: proto.AGENT_MAX_MESSAGE_BYTES,
      handshakeTimeout: 15_000,
      ...trustOptions(this.options.caFile),
    });
    this.ws = ws;
    this.authenticated = false;
    ws.on("message", (data) => this.handle(ws, data.toString()));
    ws.on("close", (code, reason) => this.closed(code, reason.toString()));
    ws.on("error", () => {
      // 'close' follows and schedules the reconnect.
    });
  }

  private handle(ws: WebSocket, raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const result = proto.serverToAgent.safeParse(parsed);
    if (!result.success) return;
    const message = result.data;
    switch (message.type) {
      case "challenge": {
        const key = this.options.encryptionPublicKey;
        const hello: proto.AgentToServer = {
          type: "hello",
          deviceId: this.options.deviceId,
          signature: this.options.sign(proto.challengePayload(this.options.deviceId, message.nonce, key)),
          agentVersion: this.options.agentVersion,
          protocol: proto.AGENT_PROTOCOL_VERSION,
          ...(key ? { encryptionPublicKey: key } : {}),
          ...(this.options.selfReport ? { self: this.options.selfReport() } : {}),
        };
        ws.send(JSON.stringify(hello));
        break;
      }
      case "welcome": {
        this.authenticated = true;
        this.attempt = 0;
        this.options.onStateChange?.("connected");
        this.serverHeartbeatSeconds = message.heartbeatSeconds;
        this.startHeartbeat();
        this.options.onWelcome?.({
          wantFullInventory: message.wantFullInventory,
          approval: message.approval,
        });
        break;
      }
      case "pong":
        this.options.onPong?.(Date.now() - message.sentAt);
        break;
      case "error":
        this.options.onStateChange?.("disconnected", `${message.code}: ${message.message}`);
        break;
      case "command":
        if (this.authenticated) this.options.onCommand?.(message);
        break;
      case "job-ack":
        this.options.onJobAck?.(message.jobUid, message.attempt);
        break;
      case "update-offer":
        if (this.authenticated) this.options.onUpdateOffer?.(message);
        break;
      default: {
        const exhaustive: never = message;
        void exhaustive;
      }
    }
  }

  ping(): void {
    this.send({ type: "ping", seq: this.seq++, sentAt: Date.now() });
  }

  private closed(code: number, reason: string): void {
    clearInterval(this.heartbeat);
    this.authenticated = false;
    if (this.stopped) return;
    this.options.onStateChange?.("disconnected", `${code}${reason ? ` ${reason}` : ""}`);
    if (code === proto.agentCloseCodes.revoked) {
      // The device was deleted or rejected in the console: nothing to reconnect to.
      this.stopped = true;
      this.options.onStateChange?.("stopped", "revoked by the server");
      return;
    }
    const delay = backoffDelay(this.attempt++, this.options.random);
    this.reconnect = setTimeout(() => this.open(), delay);
  }
}
