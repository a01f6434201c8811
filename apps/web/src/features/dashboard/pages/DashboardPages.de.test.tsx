import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { GetStartedPage } from "./GetStartedPage";
import { SystemOverviewPage } from "./SystemOverviewPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(element: React.ReactElement, handlers: Parameters<typeof mockFetch>[0]) {
  mockFetch(handlers);
  const result = renderApp(element);
  signIn(result.queryClient, authenticatedSession());
  return result;
}

const overview = (organizations: number, devices: number) => ({
  organizations,
  locations: organizations,
  technicians: 3,
  devices,
  up: 0,
  down: 0,
  byOs: [],
  devicesByOrganization: [],
});

describe("dashboard in German", () => {
  it("shows the setup steps, their states and the progress in German", async () => {
    setLocaleSettings({ locale: "de" });
    renderPage(<GetStartedPage />, {
      "GET /api/dashboard/getting-started": () =>
        json(200, { organizationCreated: true, technicianInvited: false, firstDevice: false }),
    });
    expect(await screen.findByText("1 von 3 Schritten erledigt")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Erste Schritte" })).toBeTruthy();
    const organization = screen.getByTestId("step-organizationCreated");
    expect(within(organization).getByText("Organisation anlegen")).toBeTruthy();
    expect(within(organization).getByText("Erledigt")).toBeTruthy();
    expect(within(organization).getByRole("link", { name: "Zu den Organisationen" })).toBeTruthy();
    const technician = screen.getByTestId("step-technicianInvited");
    expect(within(technician).getByText("Techniker einladen")).toBeTruthy();
    expect(within(technician).getByText("Offen")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Einrichtungsfortschritt" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sicherung" })).toBeTruthy();
    expectNoEnglish(document.body, "dashboard.");
  });

  it("shows the system overview's counts and its first empty state in German", async () => {
    setLocaleSettings({ locale: "de" });
    renderPage(<SystemOverviewPage />, {
      "GET /api/dashboard/system": () => json(200, overview(0, 0)),
    });
    expect(await screen.findByText("Noch keine Organisationen")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(screen.getByText("Alles, was Sie betreuen, auf einen Blick.")).toBeTruthy();
    for (const label of ["Organisationen", "Standorte", "Techniker", "Geräte"])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Organisation anlegen" })).toBeTruthy();
    expectNoEnglish(document.body, "dashboard.");
  });

  it("asks for the agent in German when organizations exist but no device does", async () => {
    setLocaleSettings({ locale: "de" });
    renderPage(<SystemOverviewPage />, {
      "GET /api/dashboard/system": () => json(200, overview(2, 0)),
    });
    expect(await screen.findByText("Noch keine Geräte")).toBeTruthy();
    expect(
      screen.getByText("Geräte erscheinen hier, sobald der Steward-Agent auf ihnen installiert ist."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zu den Downloads" })).toBeTruthy();
    expectNoEnglish(document.body, "dashboard.");
  });
});
