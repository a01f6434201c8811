import type { ReactNode } from "react";
import { act } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { LiveNotice } from "@steward/contracts";
import { createLiveChannel, LiveChannelContext, type LiveSource } from "../api";
import { I18nProvider } from "../i18n";
import { testQueryClient } from "./render";

/** A stand-in for the browser's EventSource that the test opens, feeds and breaks. */
export class FakeSource implements LiveSource {
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

/** A live channel over fake sources, with a wrapper that provides it (and a query client). */
export function fakeLiveChannel() {
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
