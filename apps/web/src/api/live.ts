import type { LiveNotice } from "@steward/contracts";

/**
 * What a live subscriber hears: a notice from the server, or "resync" when the stream came back
 * after a break (anything may have changed meanwhile: read again).
 */
export type LiveEvent = LiveNotice | { topic: string; change: "resync" };
export type LiveListener = (event: LiveEvent) => void;

/**
 * idle: nothing is followed; connecting: the first stream is being opened; live: notices arrive;
 * down: the stream broke or was refused, or the browser has no EventSource (the browser or the
 * channel tries again after a while).
 */
export type LiveStatus = "idle" | "connecting" | "live" | "down";

/** The smallest part of EventSource the channel uses (tests hand in their own). */
export interface LiveSource {
  readonly readyState: number;
  onopen: ((this: never, ev: Event) => unknown) | null;
  onmessage: ((this: never, ev: MessageEvent<string>) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
  close(): void;
}
export type LiveSourceFactory = (url: string) => LiveSource;

const CLOSED = 2;
/** After a refused stream, the channel tries again after this long, doubling up to the maximum. */
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

function browserSource(): LiveSourceFactory | null {
  const Impl = (globalThis as { EventSource?: typeof EventSource }).EventSource;
  return Impl ? (url) => new Impl(url) as unknown as LiveSource : null;
}

/**
 * The console's one server-to-browser channel: a single EventSource on /api/live over the union
 * of the topics the mounted views follow. Following a new topic (or dropping the last listener of
 * one) reopens it over the new set, once per turn of the event loop.
 */
export function createLiveChannel(options: { source?: LiveSourceFactory | null; url?: string } = {}) {
  const url = options.url ?? "/api/live";
  const listeners = new Map<string, Set<LiveListener>>();
  const statusListeners = new Set<() => void>();
  let status: LiveStatus = "idle";
  let source: LiveSource | null = null;
  let openTopics = "";
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = RETRY_MIN_MS;
  /** A stream broke since the last one opened: the next opening asks every listener to read again. */
  let missed = false;

  function setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    for (const l of [...statusListeners]) l();
  }

  function dispatch(event: LiveEvent) {
    for (const l of [...(listeners.get(event.topic) ?? [])]) l(event);
  }

  function close() {
    if (source) {
      source.onopen = source.onmessage = source.onerror = null;
      source.close();
    }
    source = null;
    openTopics = "";
  }

  function connect() {
    scheduled = null;
    const topics = [...listeners.keys()].sort().join(",");
    if (source && topics === openTopics) return;
    close();
    if (retry) clearTimeout(retry);
    retry = null;
    if (topics === "") {
      setStatus("idle");
      return;
    }
    const factory = options.source === undefined ? browserSource() : options.source;
    if (!factory) {
      setStatus("down");
      return;
    }
    // Switching topics keeps the status: a live channel reopens within a moment.
    if (status === "idle") setStatus("connecting");
    const opened = factory(`${url}?topics=${encodeURIComponent(topics)}`);
    source = opened;
    openTopics = topics;
    opened.onopen = () => {
      retryDelay = RETRY_MIN_MS;
      setStatus("live");
      if (!missed) return;
      missed = false;
      for (const topic of [...listeners.keys()]) dispatch({ topic, change: "resync" });
    };
    opened.onmessage = (message) => {
      let notice: LiveNotice;
      try {
        notice = JSON.parse(message.data) as LiveNotice;
      } catch {
        return;
      }
      dispatch(notice);
    };
    opened.onerror = () => {
      missed = true;
      setStatus("down");
      // The browser reconnects by itself unless the server refused the stream.
      if (opened.readyState !== CLOSED) return;
      // Refused (signed out, a topic gone, too many tabs): try again later, slower each time.
      close();
      retry = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    };
  }

  function schedule() {
    scheduled ??= setTimeout(connect, 0);
  }

  return {
    /** Follows a topic; the returned function stops following it. */
    subscribe(topic: string, listener: LiveListener): () => void {
      const set = listeners.get(topic) ?? new Set<LiveListener>();
      if (set.size === 0) schedule();
      set.add(listener);
      listeners.set(topic, set);
      return () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(topic) !== set) return;
        listeners.delete(topic);
        schedule();
      };
    },
    status: () => status,
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;

/** The channel of this browser tab. */
export const liveChannel = createLiveChannel();
