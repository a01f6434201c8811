import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import type { SessionUser } from "@steward/contracts";
import { aDevice, anOrganization } from "../../test/fixtures";
import {
  adminUser,
  authenticatedSession,
  json,
  mockFetch,
  renderApp,
  signIn,
  testQueryClient,
} from "../../test/render";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../router";
import { CommandPalette } from "./CommandPalette";

afterEach(() => {
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const aScript = (id: number, name: string) => ({
  id,
  name,
  description: "Clears the print queue",
  language: "POWERSHELL",
  os: "WINDOWS",
  architecture: "ALL",
  timeoutSeconds: 300,
  parameters: [],
  presets: [],
  templateId: null,
  createdBy: null,
  updatedBy: null,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
});

/** Answers like the server: the rows whose name contains the search, one page of the asked size. */
function searchHandlers() {
  const matching = <T,>(url: URL, rows: T[], name: (row: T) => string) => {
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const size = Number(url.searchParams.get("pageSize") ?? 50);
    const hits = rows.filter((row) => name(row).toLowerCase().includes(search));
    return json(200, { items: hits.slice(0, size), total: hits.length, page: 1, pageSize: size });
  };
  const devices = Array.from({ length: 7 }, (_, i) =>
    aDevice({ id: 42 + i, hostname: `FINANCE-LAPTOP-00${42 + i}`, organizationName: "Acme" }),
  );
  return {
    "GET /api/devices": ({ url }: { url: URL }) => matching(url, devices, (device) => device.hostname),
    "GET /api/organizations": ({ url }: { url: URL }) =>
      matching(url, [anOrganization({ id: 7, name: "Finance Partners" })], (org) => org.name),
    "GET /api/scripts": ({ url }: { url: URL }) =>
      matching(url, [aScript(9, "Finance printer reset")], (script) => script.name),
  };
}

function renderPalette(user: SessionUser = adminUser) {
  const fetchMock = mockFetch(searchHandlers());
  const queryClient = testQueryClient();
  signIn(queryClient, authenticatedSession({ user }));
  const result = renderApp(
    <>
      <CommandPalette />
      <Location />
    </>,
    { queryClient, initialPath: "/start" },
  );
  return { ...result, fetchMock };
}

const pathname = () => screen.getByTestId("location").textContent;
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === path);

describe("command palette", () => {
  it("opens on Ctrl+K and lists the pages the user may open", async () => {
    const user = userEvent.setup();
    renderPalette();
    expect(screen.queryByRole("textbox", { name: "Search the console" })).toBeNull();
    await user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole("textbox", { name: "Search the console" });
    expect(document.activeElement).toBe(input);
    const pages = screen.getByRole("group", { name: "Pages" });
    expect(within(pages).getByRole("button", { name: /Device search/ })).toBeTruthy();
    expect(within(pages).getByRole("button", { name: /Organizations/ })).toBeTruthy();
  });

  it("opens from the header button, which names the shortcut", async () => {
    const user = userEvent.setup();
    renderPalette();
    const button = screen.getByRole("button", { name: "Search (Ctrl+K)" });
    expect(button.textContent).toContain("Ctrl K");
    await user.click(button);
    expect(await screen.findByRole("textbox", { name: "Search the console" })).toBeTruthy();
  });

  it("hides pages and searches the user's permissions do not allow", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPalette({
      ...adminUser,
      isSystemAdmin: false,
      permissions: ["organizations.read", "dashboard.read"],
    });
    await user.keyboard("{Control>}k{/Control}");
    const pages = within(await screen.findByRole("group", { name: "Pages" }));
    expect(pages.getByRole("button", { name: /Organizations/ })).toBeTruthy();
    expect(pages.queryByRole("button", { name: /Device search/ })).toBeNull();
    expect(pages.queryByRole("button", { name: /Technicians/ })).toBeNull();

    await user.type(screen.getByRole("textbox", { name: "Search the console" }), "fin");
    expect(await screen.findByRole("button", { name: /Finance Partners/ })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Devices" })).toBeNull();
    expect(calls(fetchMock, "/api/devices")).toHaveLength(0);
    expect(calls(fetchMock, "/api/scripts")).toHaveLength(0);
  });

  it("searches devices, organizations and scripts once typing pauses, at most five each", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPalette();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("textbox", { name: "Search the console" }), "finance");

    const devices = within(await screen.findByRole("group", { name: "Devices" }));
    expect(devices.getByRole("button", { name: /FINANCE-LAPTOP-0042/ }).textContent).toContain("Acme");
    expect(devices.getAllByRole("button")).toHaveLength(5);
    expect(
      within(screen.getByRole("group", { name: "Organizations" })).getByText("Finance Partners"),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("group", { name: "Scripts" })).getByText("Finance printer reset"),
    ).toBeTruthy();

    // One request per kind for the whole word, not one per keystroke.
    for (const path of ["/api/devices", "/api/organizations", "/api/scripts"]) {
      const sent = calls(fetchMock, path);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.searchParams.get("search")).toBe("finance");
      expect(sent[0]?.searchParams.get("pageSize")).toBe("5");
    }
  });

  it("opens the device dashboard, organization dashboard or script editor of a result", async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("textbox", { name: "Search the console" }), "fin");
    await user.click(await screen.findByRole("button", { name: /FINANCE-LAPTOP-0042/ }));
    expect(pathname()).toBe("/deviceDashboard/42/overview");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Search the console" })).toBeNull());

    // Opening again starts from an empty query.
    await user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole<HTMLInputElement>("textbox", { name: "Search the console" });
    expect(input.value).toBe("");
    await user.type(input, "fin");
    await user.click(await screen.findByRole("button", { name: /Finance Partners/ }));
    expect(pathname()).toBe("/customerDashboard/7/overview");

    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("textbox", { name: "Search the console" }), "fin");
    await user.click(await screen.findByRole("button", { name: /Finance printer reset/ }));
    expect(pathname()).toBe("/editor/script/9");
  });

  it("moves through the results with the arrow keys and opens one with Enter", async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("textbox", { name: "Search the console" }), "device");
    const pages = within(screen.getByRole("group", { name: "Pages" })).getAllByRole("button");
    expect(pages[0]?.textContent).toContain("Device search");
    expect(pages[1]?.textContent).toContain("Groups");
    // The first match is selected; the arrow keys move the selection.
    await waitFor(() => expect(pages[0]?.hasAttribute("data-selected")).toBe(true));
    await user.keyboard("{ArrowDown}");
    expect(pages[1]?.hasAttribute("data-selected")).toBe(true);
    expect(pages[0]?.hasAttribute("data-selected")).toBe(false);
    await user.keyboard("{Enter}");
    expect(pathname()).toBe("/administration/devices/groups");
  });

  it("selects the first search result when no page matches, so Enter opens it", async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("textbox", { name: "Search the console" }), "printer");
    const script = await screen.findByRole("button", { name: /Finance printer reset/ });
    await waitFor(() => expect(script.hasAttribute("data-selected")).toBe(true));
    await user.keyboard("{Enter}");
    expect(pathname()).toBe("/editor/script/9");
  });

  it("finds pages by their German titles and areas when German is on", async () => {
    setLocaleSettings({ locale: "de" });
    const user = userEvent.setup();
    renderPalette();
    await user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole("textbox", { name: "Konsole durchsuchen" });
    await user.type(input, "persönliche");
    const pages = within(screen.getByRole("group", { name: "Seiten" }));
    const preferences = pages.getByRole("button", { name: /Persönliche Einstellungen/ });
    expect(preferences.textContent).toContain("Konto");
    expect(pages.getAllByRole("button")).toHaveLength(1);

    // The English title no longer matches; the German area does.
    await user.clear(input);
    await user.type(input, "Preferences");
    await waitFor(() => expect(screen.queryByRole("group", { name: "Seiten" })).toBeNull());
    await user.clear(input);
    await user.type(input, "administration richtlinien");
    expect(
      within(screen.getByRole("group", { name: "Seiten" })).getByRole("button", {
        name: /Agent-Richtlinien/,
      }),
    ).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(pathname()).toBe("/administration/policies/agent");
  });

  it("sits in the console header", async () => {
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/administration/general/settings" });
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("button", { name: "Search (Ctrl+K)" })).toBeTruthy();
  });
});
