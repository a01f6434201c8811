import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The backup texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("backup.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Backup in German", () => {
  it("offers the demo in German on an organization's backup settings", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/editor/customer/3/backup/network-storage" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Netzwerkspeicher" })).toBeTruthy();
    expect(within(main).getByText("Netzwerkspeicher für Sicherungen")).toBeTruthy();
    expect(within(main).getByText(/Möchten Sie Cloud- und lokale Sicherung/)).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
