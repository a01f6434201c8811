import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { LiveChannelContext, useLiveTopic } from "../../../api";
import { fakeLiveChannel } from "../../../test/live";
import { renderApp } from "../../../test/render";
import { LiveIndicator } from "./LiveIndicator";

describe("live indicator", () => {
  it("shows nothing while the first stream opens, Live while it is open and Reconnecting… once it broke", async () => {
    const { sources, latest, channel } = fakeLiveChannel();
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
    expect(screen.queryByTestId("live-indicator")).toBeNull();
    latest().open();
    expect(screen.getByTestId("live-indicator").textContent).toBe("Live");
    latest().refuse();
    expect(screen.getByTestId("live-indicator").textContent).toBe("Reconnecting…");
  });
});
