import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../i18n";
import { buildRoutes } from "../../app/router";
import { expectNoEnglish } from "../../test/german";
import { authenticatedSession, json, mockFetch, renderApp } from "../../test/render";
import { anAlert, listOf } from "./test/fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Alerts in German", () => {
  it("shows the system alerts page, its table, counters, markers and dialog in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/auth/session": () => json(200, authenticatedSession()),
      "GET /api/alerts": () =>
        json(
          200,
          listOf([anAlert({ flapping: true, inMaintenance: true })], {
            openBySeverity: { CRITICAL: 1, MAJOR: 0, MODERATE: 0, MINOR: 0 },
          }),
        ),
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/systemDashboard/alerts" });
    const main = await screen.findByRole("main");
    const table = await within(main).findByRole("table", { name: "Warnungen" });
    expect(within(main).getByRole("heading", { name: "Warnungen" })).toBeTruthy();
    expect(within(table).getByText("Kritisch")).toBeTruthy();
    expect(within(table).getByText("Flattert")).toBeTruthy();
    expect(within(table).getByText("Wartung")).toBeTruthy();
    expect(within(main).getByRole("button", { name: "Kritisch: 1" })).toBeTruthy();
    expectNoEnglish(main, "alerts.");
    await userEvent
      .setup()
      .click(within(table).getByRole("button", { name: "Disk almost full auf web-01 zurücksetzen" }));
    const dialog = await screen.findByRole("dialog", { name: "Warnung zurücksetzen" });
    expect(within(dialog).getByRole("textbox", { name: "Notiz" })).toBeTruthy();
    expectNoEnglish(dialog, "alerts.");
  });
});
