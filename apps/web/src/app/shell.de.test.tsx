import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { defaultUserPreferences, type SessionResponse, type UserPreferences } from "@steward/contracts";
import { messagesByLocale } from "../i18n/catalogue";
import { getLocaleSettings } from "../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp } from "../test/render";
import { buildRoutes } from "./router";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const withPreferences = (preferences: Partial<UserPreferences>, user = adminUser) =>
  authenticatedSession({ user: { ...user, preferences: { ...defaultUserPreferences, ...preferences } } });

function renderAt(path: string, session: SessionResponse, extra: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({ "GET /api/auth/session": () => json(200, session), ...extra });
  return renderApp(null, { routes: buildRoutes(), initialPath: path });
}

/** The shell's and shared ui's texts whose German reads differently (those without values or markup). */
const englishOnly = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => /^(shell|ui)\./.test(id) && !/[{}<]/.test(text))
  .filter(([id, text]) => messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

/** Fails on any English text of the shell's catalogues inside `root`, shown or as a name. */
function expectNoEnglish(root: HTMLElement) {
  const left: string[] = [];
  for (const text of englishOnly) if (within(root).queryAllByText(text).length > 0) left.push(text);
  for (const element of root.querySelectorAll("[aria-label], [placeholder], [title]"))
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && englishOnly.includes(value)) left.push(`${name}=${value}`);
    }
  expect(left).toEqual([]);
}

describe("the console in the technician's saved language", () => {
  it("shows sidebar, breadcrumbs, tabs, user menu and page frame in German, with no English left", async () => {
    const user = userEvent.setup();
    renderAt("/reporting", withPreferences({ language: "de", theme: "dark" }));

    const nav = await screen.findByRole("navigation", { name: "Hauptnavigation" });
    await waitFor(() => expect(getLocaleSettings().locale).toBe("de"));
    expect(within(nav).getByRole("link", { name: "Berichte" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Richtlinien" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Fernsupport" })).toBeTruthy();
    expect(within(nav).getByText("Administration")).toBeTruthy();

    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(within(crumbs).getByText("Berichte").getAttribute("aria-current")).toBe("page");
    const main = screen.getByRole("main");
    expect(within(main).getByText(/ist in dieser Version von Steward noch nicht verfügbar/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Berichte · Steward"));
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark");

    const header = screen.getByRole("banner");
    expect(within(header).getByRole("button", { name: "Suchen (Strg+K)" })).toBeTruthy();
    await user.click(within(header).getByRole("button", { name: /Systemadministrator.*Kontomenü/ }));
    const menu = screen.getByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Abmelden" })).toBeTruthy();
    expect(within(menu).getByRole("menuitemradio", { name: "Dunkel" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    expectNoEnglish(document.body);
  });

  it("follows the browser's language when none is saved", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["de-AT", "en"]);
    renderAt("/reporting", withPreferences({ language: null }));
    expect(await screen.findByRole("navigation", { name: "Hauptnavigation" })).toBeTruthy();
  });

  it("names the dashboard tabs in German", async () => {
    renderAt("/systemDashboard/backup/1", withPreferences({ language: "de" }));
    const tabs = await screen.findByRole("tablist", { name: "Dashboard-Bereiche" });
    expect(within(tabs).getByRole("tab", { name: "Sicherung" }).getAttribute("aria-selected")).toBe("true");
    expect(within(tabs).getByRole("tab", { name: "Übersicht" })).toBeTruthy();
  });
});

describe("start page", () => {
  const technician = {
    ...adminUser,
    id: 2,
    isSystemAdmin: false,
    permissions: ["organizations.read", "dashboard.read"] as typeof adminUser.permissions,
  };

  it("opens the chosen start page at the root", async () => {
    const { router } = renderAt("/", withPreferences({ startPage: "/reporting" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/reporting"));
  });

  it("opens the dashboard when the chosen page is not one the user may open", async () => {
    const { router } = renderAt(
      "/",
      withPreferences({ startPage: "/administration/users/technicians" }, technician),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/systemDashboard/overview"));
  });

  it("opens the dashboard when none is chosen", async () => {
    const { router } = renderAt("/", withPreferences({}));
    await waitFor(() => expect(router.state.location.pathname).toBe("/systemDashboard/overview"));
  });

  it("is where signing in leads when no other page was asked for", async () => {
    const user = userEvent.setup();
    let signedIn = false;
    mockFetch({
      "GET /api/auth/session": () =>
        json(
          200,
          signedIn
            ? withPreferences({ startPage: "/reporting" })
            : { state: "anonymous", setupRequired: false },
        ),
      "POST /api/auth/login": () => {
        signedIn = true;
        return json(200, { ok: true });
      },
    });
    const { router } = renderApp(null, { routes: buildRoutes(), initialPath: "/login" });
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "a long enough passphrase");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/reporting"));
  });
});
