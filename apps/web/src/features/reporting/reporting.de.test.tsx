import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The reporting texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("reporting.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Reporting in German", () => {
  it("names the report editor and its breadcrumbs in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/editor/report/4" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Bericht bearbeiten" })).toBeTruthy();
    expect(within(main).getByText("Berichtseditor")).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(within(crumbs).getByRole("link", { name: "Berichte" })).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
