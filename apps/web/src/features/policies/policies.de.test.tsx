import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The policies texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("policies.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Policies in German", () => {
  it("names the policy page, its area and its sidebar entry in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/administration/policies/mdm" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Mobilgeräte-Richtlinien" })).toBeTruthy();
    expect(within(main).getByText("Richtlinien für Mobilgeräteverwaltung")).toBeTruthy();
    expect(
      within(screen.getByRole("navigation", { name: "Hauptnavigation" })).getByRole("link", {
        name: "Richtlinien",
      }),
    ).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
