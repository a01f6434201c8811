import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { buildRoutes } from "../../app/router";
import { adminUser, authenticatedSession, json, mockFetch, renderApp } from "../../test/render";
import { board, detail, page, row, values } from "./test/fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = {
  "GET /api/auth/session": () => json(200, authenticatedSession()),
  "GET /api/ticketing/boards": () =>
    json(200, { items: [board, { ...board, id: 100, name: "Urgent", builtIn: false, count: 0 }] }),
  "GET /api/ticketing/board/1": () => json(200, board),
  "GET /api/ticketing/boards/1": () => json(200, board),
  "GET /api/ticketing/values": () => json(200, values),
  "GET /api/ticketing/tickets/7": () => json(200, detail()),
  "GET /api/organizations": () =>
    json(200, { items: [{ id: 5, name: "Acme" }], total: 1, page: 1, pageSize: 500 }),
  "GET /api/technicians": () => json(200, { items: [] }),
};

describe("ticket board", () => {
  it("asks the server for the searched words and the chosen page, and lists the boards with counts", async () => {
    const fetch = mockFetch({
      ...base,
      "GET /api/ticketing/boards/1/tickets": ({ url }) =>
        json(200, {
          ...page(
            [
              row(
                url.searchParams.get("page") === "2" ? 51 : 1,
                `Ticket on page ${url.searchParams.get("page")}`,
              ),
            ],
            120,
          ),
          page: Number(url.searchParams.get("page")),
        }),
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/board/1" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("link", { name: "Ticket on page 1" })).toBeTruthy();
    expect(within(main).getByText("120 tickets")).toBeTruthy();
    const boards = within(main).getByRole("navigation", { name: "Boards" });
    expect(
      within(boards)
        .getByRole("link", { name: /Urgent/ })
        .getAttribute("href"),
    ).toBe("/ticketing/board/100");
    fireEvent.click(within(main).getByRole("button", { name: "2" }));
    expect(await within(main).findByRole("link", { name: "Ticket on page 2" })).toBeTruthy();
    fireEvent.change(within(main).getByRole("textbox", { name: "Search tickets" }), {
      target: { value: "printer" },
    });
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([input]) => {
          const url = new URL(String(input), "http://localhost");
          return url.searchParams.get("search") === "printer" && url.searchParams.get("page") === "1";
        }),
      ).toBe(true),
    );
  });

  it("says so when the board has no tickets, and when they cannot be loaded", async () => {
    mockFetch({ ...base, "GET /api/ticketing/boards/1/tickets": () => json(200, page([])) });
    const first = renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/board/1" });
    expect(await screen.findByText("No tickets here")).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch({
      ...base,
      "GET /api/ticketing/boards/1/tickets": () =>
        json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }),
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/board/1" });
    expect(await screen.findByText("The tickets could not be loaded")).toBeTruthy();
  });
});

describe("ticket page", () => {
  it("adds a private note as escaped HTML paragraphs and resolves the ticket", async () => {
    const posted: unknown[] = [];
    const patched: unknown[] = [];
    mockFetch({
      ...base,
      "POST /api/ticketing/tickets/7/comments": ({ body }) => {
        posted.push(body);
        return json(201, detail());
      },
      "PATCH /api/ticketing/tickets/7": ({ body }) => {
        patched.push(body);
        return json(200, detail().ticket);
      },
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/ticket/7" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByText("stuck")).toBeTruthy();
    expect(within(main).getByText("Looking into it")).toBeTruthy();
    expect(within(main).getByText("Priority: none → High")).toBeTruthy();
    fireEvent.click(within(main).getByRole("radio", { name: "Private note" }));
    fireEvent.change(within(main).getByRole("textbox", { name: "Comment" }), {
      target: { value: "Call <vendor>\n\nthen retry" },
    });
    fireEvent.click(within(main).getByRole("button", { name: "Add comment" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ bodyHtml: "<p>Call &lt;vendor&gt;</p><p>then retry</p>", public: false });
    fireEvent.click(within(main).getByRole("button", { name: "Resolve" }));
    await waitFor(() => expect(patched).toEqual([{ statusId: 5 }]));
  });

  it("shows a technician who may only read tickets no editor and no resolve button", async () => {
    mockFetch({
      ...base,
      "GET /api/auth/session": () =>
        json(
          200,
          authenticatedSession({
            user: { ...adminUser, isSystemAdmin: false, permissions: ["ticketing.read"] },
          }),
        ),
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/ticketing/ticket/7" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByText("Looking into it")).toBeTruthy();
    expect(within(main).queryByRole("button", { name: "Add comment" })).toBeNull();
    expect(within(main).queryByRole("button", { name: "Resolve" })).toBeNull();
  });
});
