import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UserPreferences } from "@steward/contracts";
import { getLocaleSettings } from "../../i18n";
import type { ReactElement } from "react";
import { RouteRegistryContext } from "../../routing";
import { routeRegistry } from "../registry";
import { authenticatedSession, json, mockFetch, renderApp, signIn, testQueryClient } from "../../test/render";
import { PreferencesPage } from "./PreferencesPage";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const saved: UserPreferences = {
  language: null,
  theme: "dark",
  timeZone: "Europe/Berlin",
  dateFormat: "iso",
  startPage: "/administration/customers/organizations",
};

/** The page with the server answering `current`; PUT answers what `put` returns (default: the merged set). */
/** The page as the app gives it: with the route registry to choose a start page from. */
const withRegistry = (page: ReactElement) => (
  <RouteRegistryContext.Provider value={routeRegistry}>{page}</RouteRegistryContext.Provider>
);

function renderPage(current: UserPreferences = saved, put?: (body: Partial<UserPreferences>) => Response) {
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    "GET /api/me/preferences": () => json(200, current),
    "PUT /api/me/preferences": ({ body }) => {
      sent.push(body);
      return put ? put(body as Partial<UserPreferences>) : json(200, { ...current, ...(body as object) });
    },
  });
  const queryClient = testQueryClient();
  signIn(queryClient, authenticatedSession());
  renderApp(withRegistry(<PreferencesPage />), { queryClient, initialPath: "/account/preferences" });
  return { sent, fetchMock };
}

const field = (name: string) => screen.getByRole<HTMLInputElement>("textbox", { name });
/** Waits until the saved settings fill the form. */
const loaded = () => screen.findByRole("textbox", { name: "Language" });

describe("preferences page", () => {
  it("shows the saved settings", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Preferences" })).toBeTruthy();
    await loaded();
    expect(field("Language").value).toMatch(/^The browser's language \(/);
    expect(field("Time zone").value).toBe("Europe/Berlin");
    expect(field("Start page").value).toBe("Organizations");
    expect(screen.getByRole("radio", { name: "Dark" })).toHaveProperty("checked", true);
    // Each date format shows the current moment written that way.
    const formats = within(screen.getByRole("radiogroup", { name: /Date format/ })).getAllByRole("radio");
    expect(formats.map((radio) => radio.getAttribute("value"))).toEqual(["locale", "iso", "dmy", "mdy"]);
    expect(formats[1]).toHaveProperty("checked", true);
    expect(screen.getByLabelText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBe(formats[1]);
    expect(screen.getByLabelText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBe(formats[2]);
    expect(screen.getByLabelText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBe(formats[3]);
    expect(screen.getByText(/^Now: /)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });

  it("saves only what changed, applies it at once and confirms", async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    await loaded();
    await user.click(screen.getByLabelText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Preferences saved")).toBeTruthy();
    expect(sent).toEqual([{ dateFormat: "dmy" }]);
    expect(getLocaleSettings()).toMatchObject({ dateFormat: "dmy", timeZone: "Europe/Berlin" });
    // The theme of the saved set holds too (kept in this browser for the first paint).
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("dark");
  });

  it("chooses which alert severities reach the technician by email, sent worst first", async () => {
    const { sent } = renderPage({ ...saved, alertEmailSeverities: ["CRITICAL", "MAJOR"] });
    await loaded();
    const group = screen.getByRole("group", { name: /Alert emails/ });
    const box = (name: string) => within(group).getByRole<HTMLInputElement>("checkbox", { name });
    expect(["Critical", "Major", "Moderate", "Minor"].map((n) => box(n).checked)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const user = userEvent.setup();
    await user.click(box("Minor"));
    await user.click(box("Critical"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toEqual([{ alertEmailSeverities: ["MAJOR", "MINOR"] }]));
  });

  it("switches the console to German as soon as German is saved", async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    await loaded();
    await user.click(field("Language"));
    await user.click(await screen.findByRole("option", { name: "Deutsch" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { name: "Persönliche Einstellungen" })).toBeTruthy();
    expect(await screen.findByText("Einstellungen gespeichert")).toBeTruthy();
    expect(sent).toEqual([{ language: "de" }]);
    expect(getLocaleSettings().locale).toBe("de");
    expect(screen.getByRole("textbox", { name: "Sprache" }).getAttribute("value")).toBe("Deutsch");
    expect(screen.getByText(/^Jetzt: /)).toBeTruthy();
    expect(screen.queryByText("Preferences")).toBeNull();
  });

  it("refuses an unknown time zone under the field, without saving", async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    await loaded();
    await user.clear(field("Time zone"));
    await user.type(field("Time zone"), "Mars/Olympus");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Unknown time zone")).toBeTruthy();
    expect(field("Time zone").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("shows the server's field error under its field", async () => {
    const user = userEvent.setup();
    renderPage(saved, () =>
      json(400, {
        code: "E_VALIDATION",
        message: "Invalid request",
        requestId: "r-1",
        details: { issues: [{ path: ["body", "startPage"], message: "Choose a page of the console" }] },
      }),
    );
    await loaded();
    await user.click(field("Start page"));
    await user.click(await screen.findByRole("option", { name: "The dashboard" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Choose a page of the console")).toBeTruthy();
    await waitFor(() => expect(field("Start page").getAttribute("aria-invalid")).toBe("true"));
  });

  it("says when the preferences cannot be loaded", async () => {
    mockFetch({
      "GET /api/me/preferences": () => json(500, { code: "E_INTERNAL", message: "down", requestId: "r-9" }),
    });
    const queryClient = testQueryClient();
    signIn(queryClient, authenticatedSession());
    renderApp(withRegistry(<PreferencesPage />), { queryClient });
    expect(await screen.findByText("Could not load your preferences")).toBeTruthy();
    expect(screen.getByText(/request r-9/)).toBeTruthy();
  });
});
