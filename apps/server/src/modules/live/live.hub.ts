import { PassThrough } from "node:stream";
import { liveTopics, type LiveNotice } from "@steward/contracts";
import type { Bus } from "../../platform/bus.js";
import { AppError } from "../../platform/errors/app-error.js";
import { scopeCovers, type Scope } from "../../platform/identity/index.js";
import type { LiveRepository } from "./live.repository.js";
import { refusedTopics, type GrantedTopic } from "./live.topics.js";

export interface LiveHubOptions {
  bus: Bus;
  repo: LiveRepository;
  /**
   * The caller's current scope for reading devices and alerts, from the session behind a
   * stream's cookie; null once that session ended (expired, signed out, revoked) or lost the
   * permission.
   */
  sessionScope(token: string): Promise<Scope | null>;
  /** A comment line on every stream this often, so proxies and browsers keep it open. */
  heartbeatMs?: number;
  /** How often each stream's session and topics are checked again. */
  recheckMs?: number;
  /** Streams one session may hold open at once (one per console tab). */
  maxStreamsPerSession?: number;
  /** Bytes that may wait for a slow reader; past them its stream ends and the browser reconnects. */
  maxQueuedBytes?: number;
}

/** One open stream: what it follows, for whom, and the body the browser reads. */
interface Stream {
  sessionId: string;
  token: string;
  scope: Scope;
  topics: GrantedTopic[];
  body: PassThrough;
}

export interface OpenStream {
  body: PassThrough;
  /** Ends the stream and forgets it (the browser went away). Safe to call more than once. */
  close(): void;
}

const HEARTBEAT_MS = 25_000;
const RECHECK_MS = 30_000;
const MAX_STREAMS_PER_SESSION = 6;
const MAX_QUEUED_BYTES = 64 * 1024;
/** How long the browser waits before it reconnects a dropped stream. */
const RETRY_MS = 5_000;

const topicNotFound = () => new AppError("E_NOT_FOUND", 404, { id: "errors.live.topicNotFound" });

/**
 * The console's one server-to-browser channel: server-sent event streams, each following some
 * topics the caller's scope allows. Changes arrive on the bus and go out as small notices (what
 * changed and its ids, never its content); the browser reads the thing again. A stream ends when
 * its session ends or its scope no longer covers a topic it follows.
 */
export function createLiveHub(options: LiveHubOptions) {
  const { bus, repo } = options;
  const maxPerSession = options.maxStreamsPerSession ?? MAX_STREAMS_PER_SESSION;
  const maxQueued = options.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  /** Streams by the topic names they follow. */
  const byTopic = new Map<string, Set<Stream>>();
  const bySession = new Map<string, Set<Stream>>();
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void)[] = [];

  function add<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) {
    const set = index.get(key) ?? new Set<Stream>();
    set.add(stream);
    index.set(key, set);
  }
  function drop<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) {
    const set = index.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) index.delete(key);
  }

  function forget(stream: Stream) {
    for (const { name } of stream.topics) drop(byTopic, name, stream);
    drop(bySession, stream.sessionId, stream);
  }

  function end(stream: Stream) {
    forget(stream);
    if (!stream.body.writableEnded) stream.body.end();
  }

  function write(stream: Stream, text: string) {
    if (stream.body.writableEnded) return;
    // A reader that does not keep up is let go; its browser reconnects and reads afresh.
    if (stream.body.writableLength > maxQueued) {
      end(stream);
      return;
    }
    stream.body.write(text);
  }

  /** Sends a notice to every stream following the topic (and still allowed to see its organization). */
  function publish(topic: string, notice: Omit<LiveNotice, "topic">, organizationId?: number) {
    const streams = byTopic.get(topic);
    if (!streams) return;
    const text = `data: ${JSON.stringify({ topic, ...notice })}\n\n`;
    for (const stream of [...streams]) {
      if (organizationId !== undefined && !scopeCovers(stream.scope, organizationId)) continue;
      write(stream, text);
    }
  }

  function subscribe() {
    unsubscribe = [
      bus.on("alertChanged", ({ organizationId, deviceId, alertId }) => {
        const notice = { change: "alert", organizationId, deviceId, alertId } as const;
        publish(liveTopics.alerts, notice, organizationId);
        publish(liveTopics.organizationAlerts(organizationId), notice, organizationId);
        publish(liveTopics.device(deviceId), notice, organizationId);
      }),
      bus.on("jobChanged", ({ jobUid, deviceId, output }) => {
        publish(liveTopics.job(jobUid), { change: output ? "job-output" : "job", jobUid, deviceId });
        // A device's job list shows statuses, not output.
        if (!output) publish(liveTopics.device(deviceId), { change: "job", jobUid, deviceId });
      }),
      bus.on("jobsQueued", (deviceIds) => {
        for (const deviceId of deviceIds) publish(liveTopics.device(deviceId), { change: "job", deviceId });
      }),
      bus.on("deviceStatusChanged", ({ organizationId, deviceId }) => {
        publish(liveTopics.device(deviceId), { change: "device-status", deviceId }, organizationId);
      }),
    ];
  }

  /** Checks every stream's session and topics again; ends those no longer allowed. */
  async function recheck(): Promise<void> {
    const sessions = [...bySession.values()];
    for (const streams of sessions) {
      const first = [...streams][0];
      if (!first) continue;
      const scope = await options.sessionScope(first.token);
      for (const stream of [...streams]) {
        if (!scope) {
          end(stream);
          continue;
        }
        stream.scope = scope;
        const names = stream.topics.map((t) => t.name);
        if ((await refusedTopics(repo, scope, names)).refused.length > 0) end(stream);
      }
    }
  }

  return {
    /**
     * Opens a stream over the named topics. A topic naming nothing in the scope answers
     * E_NOT_FOUND, as a topic naming nothing at all; more streams than a session may hold answer
     * E_RATE_LIMITED.
     */
    async open(input: {
      sessionId: string;
      token: string;
      scope: Scope;
      names: readonly string[];
    }): Promise<OpenStream> {
      const { granted, refused } = await refusedTopics(repo, input.scope, input.names);
      if (refused.length > 0) throw topicNotFound();
      if ((bySession.get(input.sessionId)?.size ?? 0) >= maxPerSession)
        throw new AppError("E_RATE_LIMITED", 429, { id: "errors.live.tooManyStreams" });
      const stream: Stream = {
        sessionId: input.sessionId,
        token: input.token,
        scope: input.scope,
        topics: granted,
        body: new PassThrough(),
      };
      add(bySession, stream.sessionId, stream);
      for (const { name } of granted) add(byTopic, name, stream);
      // The first line sends the headers at once and tells the browser when to come back.
      stream.body.write(`retry: ${RETRY_MS}\n\n`);
      return { body: stream.body, close: () => end(stream) };
    },

    recheck,

    /** Writes the keep-alive comment on every stream. */
    heartbeat() {
      for (const streams of [...bySession.values()])
        for (const s of [...streams]) write(s, ": heartbeat\n\n");
    },

    /** Open streams, and the topics with at least one of them (tests, the bench). */
    stats: () => ({
      streams: [...bySession.values()].reduce((n, s) => n + s.size, 0),
      topics: byTopic.size,
    }),

    /** Listens to the bus and starts the heartbeat and the periodic checks. */
    start(onError: (err: unknown) => void) {
      subscribe();
      let checking = false;
      const check = () => {
        if (checking) return;
        checking = true;
        recheck()
          .catch(onError)
          .finally(() => (checking = false));
      };
      timers.push(
        setInterval(() => this.heartbeat(), options.heartbeatMs ?? HEARTBEAT_MS),
        setInterval(check, options.recheckMs ?? RECHECK_MS),
      );
      for (const t of timers) t.unref();
    },

    /** Ends every stream and stops listening (server shutdown). */
    close() {
      for (const t of timers.splice(0)) clearInterval(t);
      for (const off of unsubscribe.splice(0)) off();
      for (const streams of [...bySession.values()]) for (const s of [...streams]) end(s);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
