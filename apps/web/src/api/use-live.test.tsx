import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { fakeLiveChannel } from "../test/live";
import { LIVE_FALLBACK_POLL_MS, useLiveFallback, useLiveInvalidate, useLiveTopic } from "./use-live";

afterEach(() => {
  vi.useRealTimers();
});

describe("the live channel and its hooks", () => {
  it("opens one stream over the topics of every view and hands each notice to its topic's views only", async () => {
    const { sources, latest, wrapper } = fakeLiveChannel();
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
    const { latest, sources, wrapper } = fakeLiveChannel();
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
    const { sources, latest, wrapper } = fakeLiveChannel();
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
    const { sources, latest, channel, wrapper } = fakeLiveChannel();
    const { unmount } = renderHook(() => useLiveTopic("alerts", () => undefined), { wrapper });
    await waitFor(() => expect(sources).toHaveLength(1));
    latest().open();
    unmount();
    await waitFor(() => expect(latest().closed).toBe(true));
    expect(channel.status()).toBe("idle");
  });
});
