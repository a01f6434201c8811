import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { anAlert, listOf } from "../test/fixtures";
import { DeviceAlertsCard } from "./DeviceAlertsCard";

afterEach(() => {
  vi.unstubAllGlobals();
});

const device = { id: 11, organizationId: 7 };

function renderCard(handlers: Parameters<typeof mockFetch>[0], permissions?: string[]) {
  const fetch = mockFetch(handlers);
  const result = renderApp(<DeviceAlertsCard device={device} />);
  signIn(
    result.queryClient,
    permissions
      ? authenticatedSession({
          user: { ...adminUser, isSystemAdmin: false, permissions: permissions as never },
        })
      : authenticatedSession(),
  );
  return { ...result, fetch, user: userEvent.setup() };
}

describe("device alerts card", () => {
  it("lists the device's open alerts with value, detail, last seen and count, and links to its history", async () => {
    const { fetch } = renderCard({
      "GET /api/alerts": () => json(200, listOf([anAlert()], { total: 12 })),
    });
    const table = await screen.findByRole("table", { name: "Open alerts of this device" });
    const row = within(table).getByText("Disk almost full").closest("tr") as HTMLElement;
    expect(within(row).getByText("Critical")).toBeTruthy();
    expect(within(row).getByText("3.25")).toBeTruthy();
    expect(within(row).getByText("/var has 3.25% free")).toBeTruthy();
    expect(within(row).getByText("4 times")).toBeTruthy();
    expect(screen.getByText("12 open")).toBeTruthy();
    expect(screen.getByRole("link", { name: "11 more open alerts" }).getAttribute("href")).toBe(
      "/customerDashboard/7/alerts?device=11",
    );
    expect(screen.getByRole("link", { name: "Alert history" }).getAttribute("href")).toBe(
      "/customerDashboard/7/alerts?view=history&device=11",
    );
    const query = fetch.mock.calls
      .map(([u]) => new URL(String(u), "http://localhost"))
      .find((u) => u.pathname === "/api/alerts")!.searchParams;
    expect(query.get("deviceId")).toBe("11");
    expect(query.get("status")).toBe("OPEN");
  });

  it("resets an alert with a note from the card", async () => {
    let sent: unknown;
    const { user } = renderCard({
      "GET /api/alerts": () => json(200, listOf([anAlert()])),
      "POST /api/alerts/1/reset": ({ body }) => {
        sent = body;
        return json(200, anAlert({ status: "RESET" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "Reset Disk almost full on web-01" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset alert" });
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "rebooted");
    await user.click(within(dialog).getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(sent).toEqual({ note: "rebooted" }));
  });

  it("says when the device has no open alerts", async () => {
    renderCard({ "GET /api/alerts": () => json(200, listOf([])) });
    expect(await screen.findByText("No open alerts on this device")).toBeTruthy();
  });

  it("shows no acknowledge or reset to a technician who may only look", async () => {
    renderCard({ "GET /api/alerts": () => json(200, listOf([anAlert()])) }, ["devices.read"]);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Disk almost full")).toBeTruthy();
    expect(within(table).queryByRole("button", { name: /^(Acknowledge|Reset) / })).toBeNull();
  });

  it("says when the alerts cannot be loaded", async () => {
    renderCard({
      "GET /api/alerts": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }),
    });
    expect(await screen.findByText("Could not load the device's alerts")).toBeTruthy();
  });
});
