import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { buildRoutes } from "../../../app/router";
import { authenticatedSession, json, mockFetch, renderApp } from "../../../test/render";
import { values } from "../test/fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ticketing setup", () => {
  it("lists the statuses with their states, keeps built-in ones, and adds a custom status with its state", async () => {
    const posted: unknown[] = [];
    mockFetch({
      "GET /api/auth/session": () => json(200, authenticatedSession()),
      "GET /api/ticketing/values": () => json(200, values),
      "GET /api/ticketing/settings": () => json(200, { closeResolvedAfterHours: 72 }),
      "POST /api/ticketing/values": ({ body }) => {
        posted.push(body);
        return json(201, { id: 100, builtIn: false, ...(body as object) });
      },
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/administration/ticketing" });
    const table = await screen.findByRole("table", { name: "Values of Statuses" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["NameStateOrder", "NewBuilt inNew0", "OpenBuilt inOpen1", "ResolvedBuilt inResolved4"]);
    expect(within(table).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(
      ((await screen.findByRole("textbox", { name: /Close resolved tickets after/ })) as HTMLInputElement)
        .value,
    ).toBe("72");

    fireEvent.click(screen.getByRole("button", { name: "Add value" }));
    const dialog = await screen.findByRole("dialog", { name: "New value" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Name/ }), {
      target: { value: "With vendor" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("Mandatory value is undefined. Please enter a value."),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("textbox", { name: /State/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Waiting" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(posted).toEqual([{ kind: "STATUS", name: "With vendor", stateType: "WAITING", position: 0 }]),
    );
  });
});
