import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeviceRole } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { DeviceRolesPage } from "./DeviceRolesPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const aRole = (overrides: Partial<DeviceRole>): DeviceRole => ({
  id: 1,
  key: null,
  name: "Kiosk",
  osFamily: "OTHER",
  description: "",
  builtIn: false,
  deviceCount: 0,
  customFieldCount: 0,
  createdAt: "2025-11-22T09:00:00.000Z",
  ...overrides,
});

const roles = [
  aRole({ id: 1, key: "WINDOWS_SERVER", name: "Windows Server", osFamily: "WINDOWS", builtIn: true }),
  aRole({ id: 2, name: "Kiosk", osFamily: "OTHER", deviceCount: 1234, customFieldCount: 1 }),
];

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({ "GET /api/device-roles": () => json(200, { items: roles }), ...handlers });
  const result = renderApp(<DeviceRolesPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

describe("DeviceRolesPage", () => {
  it("creates a role only with a name, and sends name, operating system and description", async () => {
    let created: unknown;
    const { user } = renderPage({
      "POST /api/device-roles": ({ body }) => {
        created = body;
        return json(201, aRole({ id: 3, name: "Lab" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New device role" });
    await user.click(within(dialog).getByRole("button", { name: "Create role" }));
    expect(within(dialog).getByText("Mandatory value is undefined. Please enter a value.")).toBeTruthy();
    expect(created).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/^Name/), "  Lab ");
    await user.click(within(dialog).getByRole("textbox", { name: "Operating system" }));
    await user.click(await screen.findByRole("option", { name: "Linux" }));
    await user.type(within(dialog).getByLabelText("Description"), "Test benches");
    await user.click(within(dialog).getByRole("button", { name: "Create role" }));
    await waitFor(() =>
      expect(created).toEqual({ name: "Lab", osFamily: "LINUX", description: "Test benches" }),
    );
    expect(await screen.findByText("Device role created")).toBeTruthy();
  });

  it("edits a role's name and description only, its operating system fixed", async () => {
    let updated: unknown;
    const { user } = renderPage({
      "PATCH /api/device-roles/2": ({ body }) => {
        updated = body;
        return json(200, aRole({ id: 2, name: "Kiosks" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Kiosk" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Kiosk" });
    expect(within(dialog).getByText("A role's operating system is fixed once created.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), "s");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updated).toEqual({ name: "Kiosks", description: "" }));
    expect(await screen.findByText("Device role saved")).toBeTruthy();
  });

  it("speaks German: headings, the OS family, counts and the delete question with its plurals", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderPage();
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Geräterollen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neue Rolle" })).toBeTruthy();
    for (const heading of ["Name", "Betriebssystem", "Geräte", "Benutzerdefinierte Felder"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Integriert")).toBeTruthy();
    expect(within(table).getByText("Andere")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "1.234" })).toBeTruthy();
    expectNoEnglish(document.body, "deviceRoles.");

    // The custom role's row actions: edit, then delete (their names belong to the shared row actions).
    const [, remove] = within(table).getAllByRole("button", { name: /Kiosk/ });
    await user.click(remove!);
    const dialog = await screen.findByRole("dialog", { name: "Geräterolle löschen" });
    expect(
      within(dialog).getByText(
        "„Kiosk“ löschen? 1.234 Geräte verlieren die Rolle, und 1 benutzerdefiniertes Feld wird gelöscht.",
      ),
    ).toBeTruthy();
  });

  it("opens the role form in German and checks the name in German", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Neue Rolle" }));
    const dialog = await screen.findByRole("dialog", { name: "Neue Geräterolle" });
    expect(within(dialog).getByRole("textbox", { name: "Betriebssystem" })).toBeTruthy();
    expect(within(dialog).getByLabelText("Beschreibung")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Rolle erstellen" }));
    expect(within(dialog).getByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeTruthy();
    expectNoEnglish(dialog, "deviceRoles.");
  });
});
