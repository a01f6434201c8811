import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import type { LiveNotice } from "@steward/contracts";
import { LiveIndicator } from "../features/alerts/components/LiveIndicator";
import { I18nProvider } from "../i18n";
import { renderApp, testQueryClient } from "../test/render";
import { createLiveChannel, type LiveSource } from "./live";
import {
  LIVE_FALLBACK_POLL_MS,
  LiveChannelContext,
  useLiveFallback,
  useLiveInvalidate,
  useLiveTopic,
} from "./use-live";

/** A stand-in for the browser's EventSource that the test opens, feeds and breaks. */
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  onopen: LiveSource["onopen"] = null;
  onmessage: LiveSource["onmessage"] = null;
  onerror: LiveSource["onerror"] = null;
  constructor(readonly url: string) {}
  topics() {
    return decodeURIComponent(new URL(this.url, "http://console.test").searchParams.get("topics") ?? "");
  }
  open() {
    this.readyState = 1;
    act(() => void (this.onopen as (() => void) | null)?.());
  }
  send(notice: LiveNotice) {
    act(
      () =>
        void (this.onmessage as ((e: { data: string }) => void) | null)?.({ data: JSON.stringify(notice) }),
    );
  }
  /** The server refused or dropped the stream for good (the browser does not retry by itself). */
  refuse() {
    this.readyState = 2;
    act(() => void (this.onerror as (() => void) | null)?.());
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const channel = createLiveChannel({
    source: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
  });
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <LiveChannelContext.Provider value={channel}>{children}</LiveChannelContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  );
  const latest = () => sources[sources.length - 1]!;
  return { sources, latest, channel, queryClient, wrapper };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the live channel and its hooks", () => {
  it("opens one stream over the topics of every view and hands each notice to its topic's views only", async () => {
    const { sources, latest, wrapper } = setup();
    const alerts = vi.fn();
    const device = vi.fn();
    renderHook(
      () => {
        useLiveTopic("alerts", alerts);
        useLiveTopic("device:7", device);
      },
      { wrapper },
    );
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(latest().topics()).toBe("alerts,device:7");
    latest().open();
    latest().send({ topic: "device:7", change: "device-status", deviceId: 7 });
    expect(device).toHaveBeenCalledWith({ topic: "device:7", change: "device-status", deviceId: 7 });
    expect(alerts).not.toHaveBeenCalled();
  });

  it("reads a query again when a notice of its topic arrives, and polls only while the stream is down", async () => {
    const { latest, sources, wrapper } = setup();
    let reads = 0;
    const { result } = renderHook(
      () => {
        useLiveInvalidate(
          "alerts",
          () => [["alerts"]],
          (e) => e.change === "alert",
        );
        const interval = useLiveFallback();
        return {
          interval,
          query: useQuery({ queryKey: ["alerts", "list"], queryFn: () => ++reads }),
        };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.query.data).toBe(1));
    // Not open yet: the list falls back to the slow poll.
    expect(result.current.interval).toBe(LIVE_FALLBACK_POLL_MS);
    await waitFor(() => expect(sources).toHaveLength(1));
    latest().open();
    expect(result.current.interval).toBe(false);
    latest().send({ topic: "alerts", change: "alert", organizationId: 1, deviceId: 2, alertId: 3 });
    await waitFor(() => expect(result.current.query.data).toBe(2));
    // A notice it does not take changes nothing.
    latest().send({ topic: "alerts", change: "job", deviceId: 2 });
    latest().refuse();
    expect(result.current.interval).toBe(LIVE_FALLBACK_POLL_MS);
    expect(reads).toBe(2);
  });

  it("reopens after a refusal and has every view read again what it missed", async () => {
    const { sources, latest, wrapper } = setup();
    const events = vi.fn();
    renderHook(() => useLiveTopic("job:abc", events), { wrapper });
    await waitFor(() => expect(sources).toHaveLength(1));
    vi.useFakeTimers();
    latest().open();
    latest().refuse();
    expect(latest().closed).toBe(true);
    act(() => void vi.runOnlyPendingTimers());
    expect(sources).toHaveLength(2);
    latest().open();
    expect(events).toHaveBeenCalledWith({ topic: "job:abc", change: "resync" });
  });

  it("closes the stream once no view follows a topic any more", async () => {
    const { sources, latest, channel, wrapper } = setup();
    const { unmount } = renderHook(() => useLiveTopic("alerts", () => undefined), { wrapper });
    await waitFor(() => expect(sources).toHaveLength(1));
    latest().open();
    unmount();
    await waitFor(() => expect(latest().closed).toBe(true));
    expect(channel.status()).toBe("idle");
  });

  it("shows Live while the stream is open and Reconnecting… while it is not", async () => {
    const { sources, latest, channel } = setup();
    const View = () => {
      useLiveTopic("alerts", () => undefined);
      return <LiveIndicator />;
    };
    renderApp(
      <LiveChannelContext.Provider value={channel}>
        <View />
      </LiveChannelContext.Provider>,
    );
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(screen.getByTestId("live-indicator").textContent).toBe("Reconnecting…");
    latest().open();
    expect(screen.getByTestId("live-indicator").textContent).toBe("Live");
  });
});
