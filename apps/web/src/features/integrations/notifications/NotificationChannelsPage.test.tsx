import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { NotificationChannel, NotificationDelivery } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { NotificationChannelsPage } from "./NotificationChannelsPage";

afterEach(() => {
  vi.unstubAllGlobals();
  setLocaleSettings({ locale: "en", timeZone: "UTC" });
});

const hook: NotificationChannel = {
  id: 4,
  name: "Ops hook",
  type: "WEBHOOK",
  enabled: true,
  recipients: [],
  urlHint: "https://hooks.example.test/…",
  hasSecret: true,
  throttleLimit: 10,
  throttleWindowMinutes: 10,
  createdAt: "2026-03-01T09:00:00.000Z",
  updatedAt: "2026-03-01T09:00:00.000Z",
};
const mail: NotificationChannel = {
  ...hook,
  id: 5,
  name: "Night shift",
  type: "EMAIL",
  recipients: ["a@x.test", "b@x.test"],
  urlHint: null,
  hasSecret: false,
  enabled: false,
};
const failed: NotificationDelivery = {
  id: 9,
  channelId: 4,
  at: "2026-03-01T10:00:00.000Z",
  event: "ALERT_TRIGGERED",
  summary: "Disk C: almost full",
  outcome: "FAILED",
  httpStatus: 500,
  error: "HTTP 500",
  attempts: 4,
};

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}, permissions?: string[]) {
  const fetchMock = mockFetch({
    "GET /api/notification-channels": () => json(200, { items: [hook, mail] }),
    "GET /api/notification-channels/4/deliveries": () => json(200, { items: [failed] }),
    ...handlers,
  });
  const result = renderApp(null, {
    routes: [{ path: "/administration/apps/notificationChannels", element: <NotificationChannelsPage /> }],
    initialPath: "/administration/apps/notificationChannels",
  });
  signIn(
    result.queryClient,
    permissions
      ? authenticatedSession({
          user: { ...adminUser, isSystemAdmin: false, permissions: permissions as never },
        })
      : authenticatedSession(),
  );
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("the notification channels page", () => {
  it("lists channels with type, where they send (a webhook by host only) and status", async () => {
    renderPage();
    const row = (await screen.findByText("Ops hook")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Webhook")).toBeTruthy();
    expect(within(row).getByText("https://hooks.example.test/…")).toBeTruthy();
    expect(within(row).getByText("Enabled")).toBeTruthy();
    const mailRow = screen.getByText("Night shift").closest("tr") as HTMLElement;
    expect(within(mailRow).getByText("a@x.test, b@x.test")).toBeTruthy();
    expect(within(mailRow).getByText("Disabled")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Notification channels" })).toBeTruthy();
  });

  it("shows an empty state when there is no channel", async () => {
    renderPage({ "GET /api/notification-channels": () => json(200, { items: [] }) });
    expect(await screen.findByText("No notification channels yet")).toBeTruthy();
  });

  it("says so when the channels cannot be loaded", async () => {
    renderPage({
      "GET /api/notification-channels": () => json(500, { code: "E_INTERNAL", message: "x", requestId: "t" }),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The notification channels could not be loaded");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("creates a webhook with its URL and secret; email fields are not sent", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "POST /api/notification-channels": ({ body }) => {
        sent = body;
        return json(201, { ...hook, id: 6, name: "New hook" });
      },
    });
    await user.click(await screen.findByRole("button", { name: "New channel" }));
    const dialog = await screen.findByRole("dialog", { name: "New notification channel" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "New hook");
    await user.click(within(dialog).getByRole("textbox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Webhook" }));
    await user.type(
      within(dialog).getByRole("textbox", { name: "Webhook URL" }),
      "https://hooks.example.test/abc",
    );
    await user.type(within(dialog).getByLabelText(/^Signing secret/), "0123456789abcdef-secret");
    await user.click(within(dialog).getByRole("button", { name: "Create channel" }));
    expect(await screen.findByText("Notification channel created")).toBeTruthy();
    expect(sent).toEqual({
      type: "WEBHOOK",
      name: "New hook",
      enabled: true,
      throttleLimit: 10,
      throttleWindowMinutes: 10,
      url: "https://hooks.example.test/abc",
      secret: "0123456789abcdef-secret",
    });
  });

  it("editing leaves the stored URL and secret out of the request when their fields stay empty", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "PATCH /api/notification-channels/4": ({ body }) => {
        sent = body;
        return json(200, hook);
      },
    });
    await user.click(await screen.findByRole("button", { name: /Edit Ops hook/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ops hook" });
    expect(
      within(dialog).getByText("Leave empty to keep the stored URL (https://hooks.example.test/…)."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Notification channel saved")).toBeTruthy();
    expect(sent).toEqual({ name: "Ops hook", enabled: true, throttleLimit: 10, throttleWindowMinutes: 10 });
  });

  it("Send test shows the failure the server logged, and the delivery log lists attempts and status", async () => {
    const { user } = renderPage({
      "POST /api/notification-channels/4/test": () =>
        json(200, { ...failed, event: "TEST", httpStatus: 502, error: "HTTP 502" }),
    });
    await user.click(await screen.findByRole("button", { name: "Send test to Ops hook" }));
    expect(await screen.findByText("The test notification to Ops hook was not delivered")).toBeTruthy();
    expect(screen.getByText("HTTP 502")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delivery log of Ops hook" }));
    const dialog = await screen.findByRole("dialog", { name: "Delivery log: Ops hook" });
    const row = (await within(dialog).findByText("Disk C: almost full")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Failed")).toBeTruthy();
    expect(within(row).getByText("HTTP 500")).toBeTruthy();
    expect(within(row).getByText("4")).toBeTruthy();
  });

  it("a reader with settings.read sees the list and the log but no New, Send test, Edit or Delete", async () => {
    renderPage({}, ["settings.read"]);
    await screen.findByText("Ops hook");
    expect(screen.queryByRole("button", { name: "New channel" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send test to Ops hook" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit Ops hook/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Delivery log of Ops hook" })).toBeTruthy();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderPage();
    const row = (await screen.findByText("Ops hook")).closest("tr") as HTMLElement;
    expect(screen.getByRole("heading", { name: "Benachrichtigungskanäle" })).toBeTruthy();
    expect(within(row).getByText("Webhook (allgemein)")).toBeTruthy();
    expect(within(row).getByText("Aktiviert")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neuer Kanal" })).toBeTruthy();
  });
});
