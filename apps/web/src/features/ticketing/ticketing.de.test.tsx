import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { messagesByLocale } from "../../i18n/catalogue";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";
import { board, detail, page, row, values } from "./test/fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
  setLocaleSettings({ locale: "en" });
});

/** The ticketing texts whose German reads differently. */
const english = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("ticketing.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

const handlers = {
  "GET /api/auth/session": () => json(200, authenticatedSession()),
  "GET /api/ticketing/boards": () => json(200, { items: [board] }),
  "GET /api/ticketing/boards/1/tickets": () => json(200, page([row(7, "Drucker klemmt")])),
  "GET /api/ticketing/tickets/7": () => json(200, detail()),
  "GET /api/ticketing/values": () => json(200, values),
  "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
  "GET /api/technicians": () => json(200, { items: [] }),
};

describe("Ticketing in German", () => {
  it("shows the board with German headings, filters and counts", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch(handlers);
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/board/1" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("link", { name: "Drucker klemmt" })).toBeTruthy();
    expect(within(main).getByText("Ticket-Boards")).toBeTruthy();
    expect(within(main).getByRole("columnheader", { name: "Betreff" })).toBeTruthy();
    expect(within(main).getByText("1 Ticket")).toBeTruthy();
    expect(within(main).getByRole("textbox", { name: "Tickets suchen" })).toBeTruthy();
    expect(
      within(screen.getByRole("navigation", { name: "Hauptnavigation" })).getByRole("link", {
        name: "Ticketing",
      }),
    ).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });

  it("shows a ticket's conversation and history in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch(handlers);
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/ticket/7" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "#7 Printer jams" })).toBeTruthy();
    expect(await within(main).findByText("Erstellt als Neu")).toBeTruthy();
    expect(within(main).getByText("Priorität: leer → High")).toBeTruthy();
    expect(within(main).getByRole("radio", { name: "Private Notiz" })).toBeTruthy();
    expect(english.filter((text) => within(document.body).queryAllByText(text).length > 0)).toEqual([]);
  });
});
