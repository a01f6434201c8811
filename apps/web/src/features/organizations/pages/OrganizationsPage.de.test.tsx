import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { anOrganization, anOrganizationDetail } from "../../../test/fixtures";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { CustomerLocationPage } from "./CustomerLocationPage";
import { CustomerOverviewPage } from "./CustomerOverviewPage";
import { OrganizationsPage } from "./OrganizationsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(
  path: string,
  element: React.ReactElement,
  routePath: string,
  handlers: Parameters<typeof mockFetch>[0],
) {
  mockFetch(handlers);
  const result = renderApp(null, { routes: [{ path: routePath, element }], initialPath: path });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

describe("organizations in German", () => {
  it("lists organizations with German headings, modes, dates and counts, and asks before deleting in German", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const acme = anOrganization({ id: 7, name: "Acme", nodeApprovalMode: "MANUAL", deviceCount: 1234 });
    const { user } = renderAt("/orgs", <OrganizationsPage />, "/orgs", {
      "GET /api/organizations": () => json(200, { items: [acme], total: 1, page: 1, pageSize: 25 }),
    });
    const table = await screen.findByRole("table", { name: "Organisationen" });
    expect(screen.getByRole("heading", { name: "Organisationen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neue Organisation" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Organisationen durchsuchen" })).toBeTruthy();
    for (const heading of ["Name", "Gerätegenehmigung", "Standorte", "Geräte", "Erstellt", "Aktionen"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Manuell")).toBeTruthy();
    expect(within(table).getByText("1.234")).toBeTruthy();
    expect(within(table).getByText("22.11.2025")).toBeTruthy();
    expect(screen.getByText("1 Organisation")).toBeTruthy();
    expectNoEnglish(document.body, "organizations.");

    // The row's delete button (its name belongs to the shared row actions).
    await user.click(within(table).getByRole("button", { name: /Acme/ }));
    const dialog = await screen.findByRole("dialog", { name: "Organisation löschen" });
    expect(
      within(dialog).getByText("„Acme“ mit 2 Standorten löschen? Dies kann nicht rückgängig gemacht werden."),
    ).toBeTruthy();
  });

  it("checks a new organization in German: the mandatory name and a location name taken twice", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderAt("/orgs?create=1", <OrganizationsPage />, "/orgs", {
      "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Neue Organisation" });
    expect(within(dialog).getByText("Genehmigungsmodus für Geräte")).toBeTruthy();
    expect(within(dialog).getByLabelText("Automatisch")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Jede Organisation erhält einen Standort „Main Office“. Fügen Sie hier weitere Standorte hinzu.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Standort hinzufügen" }));
    await user.type(within(dialog).getByLabelText("Name des Standorts"), "main office");
    await user.click(within(dialog).getByRole("button", { name: "Organisation erstellen" }));
    expect(
      await within(dialog).findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein."),
    ).toBeTruthy();
    expect(within(dialog).getByText("Ein anderer Standort hat bereits diesen Namen")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Standort 1 entfernen" })).toBeTruthy();
    expectNoEnglish(dialog, "organizations.");
  });

  it("shows an organization's overview in German, with the creation time in the reader's zone", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderAt("/customerDashboard/7/overview", <CustomerOverviewPage />, "/customerDashboard/:id/overview", {
      "GET /api/organizations/7": () =>
        json(200, anOrganizationDetail({ id: 7, name: "Acme", nodeApprovalMode: "REJECT", deviceCount: 0 })),
      "GET /api/organizations/7/overview": () => json(200, { devices: 0 }),
    });
    expect(await screen.findByRole("heading", { name: "Acme" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Organisation bearbeiten" })).toBeTruthy();
    expect(screen.getByText("Gerätegenehmigung")).toBeTruthy();
    expect(screen.getByText("Ablehnen")).toBeTruthy();
    expect(screen.getByText("22.11.2025, 10:00")).toBeTruthy();
    expect(await screen.findByText("Noch keine Geräte")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Installationsbefehl abrufen" })).toBeTruthy();
    const locations = screen.getByRole("table", { name: "Standorte" });
    expect(within(locations).getByText("Standard")).toBeTruthy();
    expect(within(locations).getByText("Adresse")).toBeTruthy();
    expectNoEnglish(document.body, "organizations.");
  });

  it("shows a location in German, linking its organization inside the sentence", async () => {
    setLocaleSettings({ locale: "de" });
    renderAt(
      "/customerDashboard/7/location/11",
      <CustomerLocationPage />,
      "/customerDashboard/:id/location/:location",
      { "GET /api/organizations/7": () => json(200, anOrganizationDetail({ id: 7, name: "Acme" })) },
    );
    expect(await screen.findByText("Noch keine Geräte an diesem Standort")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Acme" });
    expect(link.parentElement?.textContent).toBe("Standort von Acme");
    expect(screen.getByRole("link", { name: "Standorte bearbeiten" })).toBeTruthy();
    expectNoEnglish(document.body, "organizations.");
  });
});
