import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { buildRoutes } from "../../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The integrations texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("integrations.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Apps in German", () => {
  it("lists every integration kind with its German name and description", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/administration/apps" });
    const main = await screen.findByRole("main");
    expect(
      await within(main).findByText(/Die meisten sind in dieser Version von Steward noch nicht verfügbar/),
    ).toBeTruthy();
    expect(within(main).getByRole("link", { name: "Mobilgeräteverwaltung" }).getAttribute("href")).toBe(
      "/administration/apps/mdm",
    );
    expect(within(main).getByText("Wohin Warnungen gesendet werden.")).toBeTruthy();
    expect(within(main).getAllByText("Noch nicht verfügbar")).toHaveLength(13);
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });

  it("names a kind's page and its area in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/administration/apps/mdm" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Mobilgeräteverwaltung" })).toBeTruthy();
    expect(within(main).getByText("Integrationen für Mobilgeräteverwaltung")).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(within(crumbs).getByRole("link", { name: "Apps" })).toBeTruthy();
  });
});
