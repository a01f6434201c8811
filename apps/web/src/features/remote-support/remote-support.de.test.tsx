import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The remoteSupport texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("remoteSupport.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Remote support in German", () => {
  it("names quick connect and its parent in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/quickConnect/1" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Schnellverbindung" })).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(within(crumbs).getByRole("link", { name: "Fernsupport" })).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
