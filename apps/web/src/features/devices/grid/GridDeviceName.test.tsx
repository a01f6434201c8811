import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { aDevice } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";
import { GridDeviceName } from "./GridDeviceName";

describe("the device grid's name cell", () => {
  it("links the whole name to the device dashboard, with the host name and simulated mark below", () => {
    renderApp(
      <GridDeviceName
        device={aDevice({
          id: 42,
          displayName: "FINANCE-LAPTOP-0042",
          hostname: "DESKTOP-00001",
          simulated: true,
        })}
      />,
    );
    const link = screen.getByRole("link", { name: "FINANCE-LAPTOP-0042" });
    expect(link.getAttribute("href")).toBe("/deviceDashboard/42/overview");
    expect(link.getAttribute("title")).toBe("FINANCE-LAPTOP-0042");
    // The name never wraps; it is cut with an ellipsis only past its cap.
    expect(link.style.whiteSpace).toBe("nowrap");
    expect(screen.getByText("DESKTOP-00001")).toBeTruthy();
    expect(screen.getByTestId("simulated-badge")).toBeTruthy();
  });

  it("shows the host name once when the device has no display name", () => {
    renderApp(
      <GridDeviceName device={aDevice({ displayName: null, hostname: "web-01", simulated: false })} />,
    );
    expect(screen.getAllByText("web-01")).toHaveLength(1);
    expect(screen.queryByTestId("simulated-badge")).toBeNull();
  });
});
