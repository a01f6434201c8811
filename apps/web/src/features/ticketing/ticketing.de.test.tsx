import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The ticketing texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("ticketing.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

describe("Ticketing in German", () => {
  it("names the ticket board and its area in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => json(200, authenticatedSession()) });
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/board/1" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Ticket-Board" })).toBeTruthy();
    expect(within(main).getByText("Ticket-Boards")).toBeTruthy();
    expect(
      within(screen.getByRole("navigation", { name: "Hauptnavigation" })).getByRole("link", {
        name: "Ticketing",
      }),
    ).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
