import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { liveChannel, type LiveChannel, type LiveEvent, type LiveStatus } from "./live";

/** The live channel the views use (tests provide their own). */
export const LiveChannelContext = createContext<LiveChannel>(liveChannel);

/** How often a view polls while the live stream is not open (it polls not at all while it is). */
export const LIVE_FALLBACK_POLL_MS = 60_000;
/** Notices closer together than this are answered with one refetch (output streams in bursts). */
const INVALIDATE_GAP_MS = 500;

/** The live channel's state, for an indicator and for the fallback poll. */
export function useLiveStatus(): LiveStatus {
  const channel = useContext(LiveChannelContext);
  return useSyncExternalStore(channel.onStatus, channel.status, channel.status);
}

/** A query's refetchInterval: `whenDown` while the live stream is not open, none while it is. */
export function useLiveFallback<T extends number | false>(
  whenDown: T = LIVE_FALLBACK_POLL_MS as T,
): T | false {
  return useLiveStatus() === "live" ? false : whenDown;
}

/** Calls `onEvent` for every notice of the topics (none when the list is empty). */
export function useLiveTopics(topics: readonly string[], onEvent: (event: LiveEvent) => void): void {
  const channel = useContext(LiveChannelContext);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = [...new Set(topics)].sort().join(",");
  useEffect(() => {
    if (key === "") return;
    const offs = key.split(",").map((topic) => channel.subscribe(topic, (e) => handler.current(e)));
    return () => offs.forEach((off) => off());
  }, [channel, key]);
}

/** Calls `onEvent` for every notice of one topic (none while it is null). */
export function useLiveTopic(topic: string | null | undefined, onEvent: (event: LiveEvent) => void): void {
  useLiveTopics(topic ? [topic] : [], onEvent);
}

/**
 * Marks the queries stale (and refetches the ones on screen) when a notice of the topic arrives
 * that `accepts` takes, or when the stream comes back after a break; at most once per half second.
 */
export function useLiveInvalidate(
  topic: string | null | undefined,
  queryKeys: (event: LiveEvent) => readonly QueryKey[],
  accepts: (event: LiveEvent) => boolean = () => true,
): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef<Map<string, QueryKey>>(new Map());
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveTopic(topic, (event) => {
    if (event.change !== "resync" && !accepts(event)) return;
    for (const k of queryKeys(event)) waiting.current.set(JSON.stringify(k), k);
    const flush = () => {
      const keys = [...waiting.current.values()];
      waiting.current.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };
    if (timer.current) return;
    flush();
    timer.current = setTimeout(() => {
      timer.current = null;
      flush();
    }, INVALIDATE_GAP_MS);
  });
}
