import { randomBytes, createPublicKey, verify } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { FastifyBaseLogger } from "fastify";
import { agent as proto } from "@steward/contracts";
import type { DevicesService } from "../devices/index.js";

interface Connection {
  ws: WebSocket;
  ip: string;
  nonce: string;
  openedAt: number;
  lastSeen: number;
  deviceId?: number;
  organizationId?: number;
  /** The X25519 key the agent vouched for in its hello (secrets for it are sealed to this key). */
  encryptionKey?: string;
  /** Serializes this connection's database work so that messages apply in order. */
  chain: Promise<void>;
}

export interface GatewayOptions {
  devices: DevicesService;
  logger: FastifyBaseLogger;
  heartbeatSeconds: number;
  silenceSeconds: number;
  /** How often contact times are written to the database (batched for fleets). */
  contactFlushMs?: number;
  /**
   * Bytes that may wait to be written to one agent's socket (default four of the largest
   * messages). An agent that does not read past this is dropped; it reconnects and resyncs.
   */
  maxQueuedBytes?: number;
  /** Called once a device has authenticated (deliver what waited for it). */
  onAgentReady?(deviceId: number): void;
  /** Job messages from an authenticated device. */
  onJobMessage?(
    deviceId: number,
    message: Extract<
      proto.AgentToServer,
      { type: "job-started" | "job-output" | "job-result" | "command-refused" }
    >,
  ): Promise<void>;
  /** Metric samples from an authenticated device (already checked against the contract). */
  onMetrics?(deviceId: number, organizationId: number, message: proto.MetricsMessage): Promise<unknown>;
  /** A device authenticated, saying which agent version it runs and what it reports about itself. */
  onHello?(deviceId: number, agentVersion: string, self?: proto.AgentSelfReport): Promise<void>;
  /** An agent's report on an update it was offered. */
  onUpdateStatus?(deviceId: number, message: proto.UpdateStatusMessage): Promise<void>;
  /** Condition state changes the agent evaluated on the device (the alerts module takes them). */
  onConditionEvents?(
    deviceId: number,
    organizationId: number,
    message: proto.ConditionEventsMessage,
  ): Promise<unknown>;
}

const HELLO_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_QUEUED_BYTES = 4 * proto.AGENT_MAX_MESSAGE_BYTES;

/** Verifies an Ed25519 signature made with a raw 32-byte public key (base64). */
export function verifyDeviceSignature(publicKeyRaw: string, payload: string, signature: string): boolean {
  try {
    const raw = Buffer.from(publicKeyRaw, "base64");
    if (raw.length !== 32) return false;
    const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), raw]);
    const key = createPublicKey({ key: spki, format: "der", type: "spki" });
    return verify(null, Buffer.from(payload, "utf8"), key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/**
 * The agents' WebSocket endpoint: challenge → signed hello → welcome, then heartbeats and
 * inventory. A device is UP while its socket is authenticated and talking, DOWN at once when
 * the socket closes and after `silenceSeconds` without a message.
 */
export function createAgentGateway(options: GatewayOptions) {
  const { devices, logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: proto.AGENT_MAX_MESSAGE_BYTES });
  const online = new Map<number, Connection>();
  const pending = new Set<Connection>();
  const contacted = new Set<number>();
  const silenceMs = options.silenceSeconds * 1000;

  const maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;

  /**
   * Sends when the socket is open and what waits to be written to it stays within the bound
   * (a message of its own may exceed it when nothing waits). Past the bound the agent is not
   * reading: its connection is dropped, so its messages do not pile up in the server's memory.
   */
  const send = (conn: Connection, message: proto.ServerToAgent): boolean => {
    const { ws } = conn;
    if (ws.readyState !== ws.OPEN) return false;
    const text = JSON.stringify(message);
    const queued = ws.bufferedAmount;
    if (queued > 0 && queued + Buffer.byteLength(text) > maxQueuedBytes) {
      logger.warn(
        { deviceId: conn.deviceId, ip: conn.ip, queuedBytes: queued, maxQueuedBytes },
        "agent is not reading what is sent to it; its connection is dropped (it reconnects and resyncs)",
      );
      ws.terminate();
      return false;
    }
    ws.send(text);
    return true;
  };

  const enqueue = (conn: Connection, work: () => Promise<void>) => {
    conn.chain = conn.chain.then(work).catch((err: unknown) => {
      logger.error({ err, deviceId: conn.deviceId }, "agent message handling failed");
    });
  };

  async function hello(conn: Connection, message: Extract<proto.AgentToServer, { type: "hello" }>) {
    const device = await devices.identity(message.deviceId);
    if (!device || device.approvalStatus === "REJECTED") {
      conn.ws.close(proto.agentCloseCodes.revoked, "unknown or rejected device");
      return;
    }
    if (
      !verifyDeviceSignature(
        device.publicKey,
        proto.challengePayload(message.deviceId, conn.nonce, message.encryptionPublicKey),
        message.signature,
      )
    ) {
      logger.warn({ deviceId: message.deviceId, ip: conn.ip }, "agent failed the identity challenge");
      conn.ws.close(proto.agentCloseCodes.authFailed, "identity check failed");
      return;
    }
    // An archived device's agent was uninstalled from the console: once it proved who it is,
    // it is told to stop for good.
    if (device.archivedAt) {
      conn.ws.close(proto.agentCloseCodes.revoked, "device archived (agent uninstalled from the console)");
      return;
    }
    const previous = online.get(device.id);
    if (previous && previous !== conn) {
      previous.deviceId = undefined;
      previous.ws.close(proto.agentCloseCodes.replaced, "replaced by a newer connection");
    }
    conn.deviceId = device.id;
    conn.organizationId = device.organizationId;
    if (message.encryptionPublicKey) {
      conn.encryptionKey = message.encryptionPublicKey;
      if (device.encryptionPublicKey !== message.encryptionPublicKey)
        await devices.setEncryptionKey(device.id, message.encryptionPublicKey);
    }
    pending.delete(conn);
    online.set(device.id, conn);
    await devices.markUp(device.id, conn.ip);
    send(conn, {
      type: "welcome",
      deviceId: device.id,
      heartbeatSeconds: options.heartbeatSeconds,
      approval: device.approvalStatus === "PENDING" ? "PENDING" : "APPROVED",
      wantFullInventory: device.inventoryUpdatedAt === null,
    });
    options.onAgentReady?.(device.id);
    await options.onHello?.(device.id, message.agentVersion, message.self);
  }

  function onMessage(conn: Connection, raw: string) {
    conn.lastSeen = Date.now();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      conn.ws.close(proto.agentCloseCodes.protocol, "not JSON");
      return;
    }
    const result = proto.agentToServer.safeParse(parsed);
    if (!result.success) {
      logger.warn(
        { deviceId: conn.deviceId, issue: result.error.issues[0]?.message },
        "agent sent an invalid message",
      );
      conn.ws.close(proto.agentCloseCodes.protocol, "invalid message");
      return;
    }
    const message = result.data;
    if (message.type === "hello") {
      if (conn.deviceId === undefined) enqueue(conn, () => hello(conn, message));
      return;
    }
    const deviceId = conn.deviceId;
    if (deviceId === undefined) {
      conn.ws.close(proto.agentCloseCodes.authFailed, "say hello first");
      return;
    }
    contacted.add(deviceId);
    switch (message.type) {
      case "ping":
        send(conn, { type: "pong", seq: message.seq, sentAt: message.sentAt });
        break;
      case "inventory":
        enqueue(conn, () => devices.applyInventory(deviceId, conn.organizationId ?? 0, message));
        break;
      case "job-started":
      case "job-output":
      case "job-result":
      case "command-refused":
        enqueue(conn, async () => {
          await options.onJobMessage?.(deviceId, message);
        });
        break;
      case "metrics":
        // In the connection's queue: a flood waits for the database instead of piling up in memory.
        enqueue(conn, async () => {
          await options.onMetrics?.(deviceId, conn.organizationId ?? 0, message);
        });
        break;
      case "condition-events":
        enqueue(conn, async () => {
          await options.onConditionEvents?.(deviceId, conn.organizationId ?? 0, message);
        });
        break;
      case "update-status":
        enqueue(conn, async () => {
          await options.onUpdateStatus?.(deviceId, message);
        });
        break;
      default: {
        const exhaustive: never = message;
        void exhaustive;
      }
    }
  }

  let closing = false;

  function onClose(conn: Connection) {
    pending.delete(conn);
    // Shutting down: devices are marked DOWN at the next start, the database may be closed already.
    if (closing) return;
    const deviceId = conn.deviceId;
    if (deviceId !== undefined && online.get(deviceId) === conn) {
      online.delete(deviceId);
      enqueue(conn, () => devices.markDown(deviceId, "disconnected"));
    }
  }

  function accept(ws: WebSocket, request: IncomingMessage, ip: string) {
    void request;
    const conn: Connection = {
      ws,
      ip,
      nonce: randomBytes(24).toString("base64"),
      openedAt: Date.now(),
      lastSeen: Date.now(),
      chain: Promise.resolve(),
    };
    pending.add(conn);
    ws.on("message", (data, isBinary) => {
      if (isBinary) {
        ws.close(proto.agentCloseCodes.protocol, "text frames only");
        return;
      }
      onMessage(conn, data.toString());
    });
    ws.on("close", () => onClose(conn));
    ws.on("error", () => undefined);
    send(conn, { type: "challenge", nonce: conn.nonce, serverTime: Date.now() });
  }

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const conn of pending) {
        if (now - conn.openedAt > HELLO_TIMEOUT_MS) conn.ws.terminate();
      }
      for (const [deviceId, conn] of online) {
        if (now - conn.lastSeen > silenceMs) {
          online.delete(deviceId);
          conn.deviceId = undefined;
          conn.ws.terminate();
          enqueue(conn, () => devices.markDown(deviceId, "silent"));
        }
      }
    },
    Math.max(250, Math.min(5000, silenceMs / 4)),
  );
  sweeper.unref();

  const flusher = setInterval(() => {
    if (contacted.size === 0) return;
    const ids = [...contacted];
    contacted.clear();
    devices
      .touchContacts(ids, new Date())
      .catch((err: unknown) => logger.warn({ err }, "could not record agent contacts"));
  }, options.contactFlushMs ?? 30_000);
  flusher.unref();

  return {
    wss,
    accept,
    isOnline: (deviceId: number) => online.has(deviceId),
    /** The encryption key of a connected device's agent (undefined: offline, or an older agent). */
    encryptionKeyOf: (deviceId: number) => online.get(deviceId)?.encryptionKey,
    /** Bytes waiting to be written to a connected device's socket (0 when not connected here). */
    queuedBytes: (deviceId: number) => online.get(deviceId)?.ws.bufferedAmount ?? 0,
    /** Sends to a connected device; false when it is not connected here, or was just dropped for not reading. */
    sendTo(deviceId: number, message: proto.ServerToAgent): boolean {
      const conn = online.get(deviceId);
      return conn ? send(conn, message) : false;
    },
    onlineCount: () => online.size,
    /** Drops a device's connection (deleted or rejected in the console). */
    disconnect(deviceId: number) {
      const conn = online.get(deviceId);
      if (conn) conn.ws.close(proto.agentCloseCodes.revoked, "device removed");
    },
    async close() {
      closing = true;
      clearInterval(sweeper);
      clearInterval(flusher);
      for (const conn of [...online.values(), ...pending]) conn.ws.terminate();
      await Promise.all([...online.values()].map((c) => c.chain));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type AgentGateway = ReturnType<typeof createAgentGateway>;
