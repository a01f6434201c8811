import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Technician, TechnicianRole } from "@steward/contracts";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { TechnicianEditorPage } from "./TechnicianEditorPage";
import { TechniciansPage } from "./TechniciansPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The technicians and roles texts whose German reads differently (those without values). */
const englishOnly = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => /^(technicians|roles)\./.test(id) && !/[{}<]/.test(text))
  .filter(([id, text]) => messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

function expectNoEnglish(root: HTMLElement) {
  const left: string[] = [];
  for (const text of englishOnly) if (within(root).queryAllByText(text).length > 0) left.push(text);
  for (const element of root.querySelectorAll("[aria-label], [placeholder], [title]"))
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && englishOnly.includes(value)) left.push(`${name}=${value}`);
    }
  expect(left).toEqual([]);
}

const grace: Technician = {
  id: 5,
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  phone: null,
  isSystemAdmin: false,
  roleIds: [2],
  status: "INVITED",
  mfaEnrolled: false,
  inviteExpiresAt: "2025-11-23T09:00:00.000Z",
  lastLoginAt: "2025-11-22T13:05:00.000Z",
  createdAt: "2025-11-20T09:00:00.000Z",
};

const helpdesk: TechnicianRole = {
  id: 2,
  name: "Helpdesk",
  description: "",
  permissions: ["devices.read"],
  allOrganizations: true,
  organizations: [],
  hiddenOrganizationCount: 0,
  builtIn: true,
  holderCount: 1,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
};

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0]) {
  mockFetch(handlers);
  const result = renderApp(null, {
    routes: [
      { path: "/technicians", element: <TechniciansPage /> },
      { path: "/editor/user/:id/*", element: <TechnicianEditorPage /> },
    ],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

describe("technicians in German", () => {
  it("lists technicians with German headings, statuses and dates, and a German action menu", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderAt("/technicians", {
      "GET /api/technicians": () => json(200, { items: [grace] }),
      "GET /api/technician-roles": () => json(200, { items: [helpdesk] }),
    });
    const table = await screen.findByRole("table", { name: "Techniker" });
    expect(screen.getByRole("heading", { name: "Techniker" })).toBeTruthy();
    for (const heading of ["Name", "Rollen", "Status", "Zwei-Faktor", "Letzte Anmeldung", "Aktionen"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Eingeladen")).toBeTruthy();
    expect(within(table).getByText("Nicht eingerichtet")).toBeTruthy();
    expect(within(table).getByText("Link gültig bis 23.11.2025, 10:00")).toBeTruthy();
    expect(within(table).getByText("22.11.2025")).toBeTruthy();
    await waitFor(() => expect(within(table).getByText("Helpdesk")).toBeTruthy());
    expectNoEnglish(document.body);

    await user.click(screen.getByRole("button", { name: "Aktionen für Grace Hopper" }));
    for (const item of ["Bearbeiten", "Erneut einladen", "Deaktivieren", "Löschen"])
      expect(await screen.findByRole("menuitem", { name: item })).toBeTruthy();
    await user.click(screen.getByRole("menuitem", { name: "Deaktivieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Techniker deaktivieren" });
    expect(
      within(dialog).getByText(
        "Grace Hopper deaktivieren? Die Person wird abgemeldet und kann sich erst nach erneuter Aktivierung anmelden.",
      ),
    ).toBeTruthy();
  });

  it("invites in German: a role is needed unless administrator, said in German", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderAt("/technicians", {
      "GET /api/technicians": () => json(200, { items: [] }),
      "GET /api/technician-roles": () => json(200, { items: [helpdesk] }),
    });
    expect(await screen.findByText("Noch keine Techniker")).toBeTruthy();
    await user.click(screen.getAllByRole("button", { name: "Techniker einladen" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Techniker einladen" });
    await user.type(within(dialog).getByLabelText(/^E-Mail/), "new@example.com");
    await user.type(within(dialog).getByLabelText(/^Vorname/), "New");
    await user.type(within(dialog).getByLabelText(/^Nachname/), "Tech");
    await user.click(within(dialog).getByRole("button", { name: "Einladung senden" }));
    expect(await within(dialog).findByText("Wählen Sie mindestens eine Rolle")).toBeTruthy();
    expect(within(dialog).getByText("Der Zugriff ist die Summe dieser Rollen.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeTruthy();
    expectNoEnglish(dialog);
  });

  it("edits a technician in German, with the facts in the reader's date format", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderAt("/editor/user/5/general", {
      "GET /api/technicians/5": () => json(200, { ...grace, status: "ACTIVE", mfaEnrolled: true }),
      "GET /api/technician-roles": () => json(200, { items: [helpdesk] }),
    });
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeTruthy();
    expect(screen.getByText("Aktiv")).toBeTruthy();
    expect(screen.getByText("Techniker")).toBeTruthy();
    expect(screen.getByText("Der Anmeldename; er kann nicht geändert werden.")).toBeTruthy();
    expect(
      screen.getByText(
        "Erstellt 20.11.2025, 10:00 · Letzte Anmeldung 22.11.2025, 14:05 · Zwei-Faktor eingerichtet",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /Systemadministrator/ })).toBeTruthy();
    expectNoEnglish(document.body);
  });
});

describe("technician form", () => {
  it("refuses an empty first name, then sends the edited fields (a cleared phone as none, unchanged roles left out)", async () => {
    const bodies: unknown[] = [];
    const { user } = renderAt("/editor/user/5/general", {
      "GET /api/technicians/5": () => json(200, { ...grace, status: "ACTIVE", phone: "+1 555" }),
      "GET /api/technician-roles": () => json(200, { items: [helpdesk] }),
      "PATCH /api/technicians/5": ({ body }) => {
        bodies.push(body);
        return json(200, { ...grace, status: "ACTIVE", firstName: "Amazing" });
      },
    });
    const first = await screen.findByLabelText(/^First name/);
    await user.clear(first);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Mandatory value is undefined. Please enter a value.")).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.type(first, "Amazing");
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    // Only the fields this form edits; the roles did not change, so they are not sent.
    await waitFor(() =>
      expect(bodies).toEqual([
        { firstName: "Amazing", lastName: "Hopper", phone: null, isSystemAdmin: false },
      ]),
    );
    expect(await screen.findByText("Technician saved")).toBeTruthy();
  });
});
