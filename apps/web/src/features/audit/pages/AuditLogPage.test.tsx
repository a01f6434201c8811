import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuditEvent } from "@steward/contracts";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { anOrganization } from "../../../test/fixtures";
import { setLocaleSettings } from "../../../i18n";
import { AuditLogPage } from "./AuditLogPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

function anEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    at: "2026-03-02T10:15:00.000Z",
    actorUserId: 3,
    actorLabel: "ada@example.test",
    action: "credential.create",
    targetType: "credential",
    targetId: "12",
    organizationId: 1,
    organizationName: "Acme",
    outcome: "SUCCESS",
    ip: "192.0.2.10",
    data: { name: "Domain admin" },
    ...overrides,
  };
}

function renderPage(
  list: (url: URL) => Response | Promise<Response>,
  initialPath = "/administration/general/activities",
) {
  const requests: URL[] = [];
  mockFetch({
    "GET /api/organizations": () =>
      json(200, { items: [anOrganization()], total: 1, page: 1, pageSize: 500 }),
    "GET /api/audit-events": ({ url }) => {
      requests.push(url);
      return list(url);
    },
  });
  const result = renderApp(null, {
    routes: [{ path: "/administration/general/activities", element: <AuditLogPage /> }],
    initialPath,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, requests, user: userEvent.setup() };
}

describe("AuditLogPage", () => {
  it("lists events with time, actor, action, target, organization, outcome and address", async () => {
    renderPage(() =>
      json(200, {
        items: [
          anEvent(),
          anEvent({
            id: 2,
            actorLabel: null,
            action: "auth.sign_in",
            targetType: "user",
            targetId: null,
            organizationId: null,
            organizationName: null,
            outcome: "FAILURE",
            ip: "203.0.113.9",
            data: {},
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
    );
    const table = await screen.findByTestId("audit-table");
    const rows = within(table).getAllByRole("row");
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole("columnheader")
          .map((c) => c.textContent),
      )[0],
    ).toEqual(["Time", "Actor", "Action", "Target", "Organization", "Outcome", "IP address"]);
    expect(within(rows[1]!).getByText("ada@example.test")).toBeTruthy();
    expect(within(rows[1]!).getByText("Credential create")).toBeTruthy();
    expect(within(rows[1]!).getByText("12")).toBeTruthy();
    expect(within(rows[1]!).getByText("Credential")).toBeTruthy();
    expect(within(rows[1]!).getByText("Acme")).toBeTruthy();
    expect(within(rows[1]!).getByText("Succeeded")).toBeTruthy();
    expect(within(rows[1]!).getByText("192.0.2.10")).toBeTruthy();
    expect(within(rows[2]!).getByText("System")).toBeTruthy();
    expect(within(rows[2]!).getByText("Failed")).toBeTruthy();
    expect(screen.getByText("2 entries")).toBeTruthy();
    const exportLink = screen.getByRole("link", { name: "Export CSV" });
    expect(exportLink.getAttribute("href")).toBe("/api/audit-events/export.csv");
  });

  it("sends the URL's filters to the server and into the export link", async () => {
    const { requests } = renderPage(
      () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
      "/administration/general/activities?action=credential.&outcome=FAILURE&organization=1&from=2026-03-01&q=admin",
    );
    expect(await screen.findByText("No entries match")).toBeTruthy();
    const sent = requests.at(-1)!.searchParams;
    expect(sent.get("action")).toBe("credential.");
    expect(sent.get("outcome")).toBe("FAILURE");
    expect(sent.get("organizationId")).toBe("1");
    expect(sent.get("q")).toBe("admin");
    expect(new Date(sent.get("from")!).getDate()).toBe(1);
    const href = new URL(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")!, "http://x");
    expect(href.pathname).toBe("/api/audit-events/export.csv");
    expect(href.searchParams.get("action")).toBe("credential.");
    expect(href.searchParams.get("outcome")).toBe("FAILURE");
  });

  it("filters by actor as typing pauses and clears the filters", async () => {
    const { requests, user, router } = renderPage(() =>
      json(200, { items: [anEvent()], total: 1, page: 1, pageSize: 50 }),
    );
    await screen.findByTestId("audit-table");
    await user.type(screen.getByRole("textbox", { name: "Actor" }), "ada");
    await waitFor(() => expect(requests.at(-1)!.searchParams.get("actor")).toBe("ada"));
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // The unfiltered list comes back (from the cache) and the field empties; nothing is written again.
    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: "Actor" }) as HTMLInputElement).value).toBe(""),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(router.state.location.search).toBe("");
  });

  it("says when the log is empty and what it will hold", async () => {
    renderPage(() => json(200, { items: [], total: 0, page: 1, pageSize: 50 }));
    expect(await screen.findByText("No entries yet")).toBeTruthy();
    expect(screen.getByText(/are recorded here/)).toBeTruthy();
  });

  it("shows the server's error with a retry", async () => {
    renderPage(() => json(500, { code: "E_INTERNAL", message: "Something went wrong", requestId: "r1" }));
    expect(await screen.findByText("Could not load the audit log")).toBeTruthy();
    expect(screen.getByRole("button", { name: /retry|try again/i })).toBeTruthy();
  });
});

describe("AuditLogPage in German", () => {
  it("speaks German: filters, columns, actions, targets, outcomes, counts and German days and times", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const thisYear = new Date().getFullYear();
    renderPage(() =>
      json(200, {
        items: [
          anEvent({ at: `${thisYear}-06-15T10:00:00.000Z` }),
          anEvent({
            id: 2,
            at: "2025-03-02T10:15:00.000Z",
            actorLabel: null,
            action: "auth.sign_in",
            targetType: "user",
            targetId: null,
            organizationId: 9,
            organizationName: null,
            outcome: "FAILURE",
            ip: null,
            data: {},
          }),
          anEvent({ id: 3, action: "vendor.thing_done", targetType: "widget" }),
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    );
    const table = await screen.findByTestId("audit-table");
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Zeit", "Akteur", "Aktion", "Ziel", "Organisation", "Ergebnis", "IP-Adresse"]);
    // This year's day without the year, in German; the time in the reader's zone (summer time).
    expect(within(rows[1]!).getByText("15. Juni")).toBeTruthy();
    expect(within(rows[1]!).getByText("12:00")).toBeTruthy();
    expect(within(rows[1]!).getByText("Anmeldedaten erstellt")).toBeTruthy();
    expect(within(rows[1]!).getByText("Anmeldedaten")).toBeTruthy();
    expect(within(rows[1]!).getByText("Erfolgreich")).toBeTruthy();
    // An earlier year's day in full; the whole moment with the weekday as the cell's tooltip.
    expect(within(rows[2]!).getByText("02.03.2025")).toBeTruthy();
    expect(within(rows[2]!).getByText("11:15")).toBeTruthy();
    expect(within(rows[2]!).getByText("02.03.2025").closest("td")!.getAttribute("title")).toMatch(
      /^Sonntag, 2\. März 2025 um 11:15:00/,
    );
    expect(within(rows[2]!).getByText("System")).toBeTruthy();
    expect(within(rows[2]!).getByText("Anmeldung")).toBeTruthy();
    expect(within(rows[2]!).getByText("Benutzer")).toBeTruthy();
    expect(within(rows[2]!).getByText("#9 (gelöscht)")).toBeTruthy();
    expect(within(rows[2]!).getByText("Fehlgeschlagen")).toBeTruthy();
    // An action the console has no words for shows its own name.
    expect(within(rows[3]!).getByText("Vendor thing done")).toBeTruthy();
    expect(screen.getByText("3 Einträge")).toBeTruthy();
    expect(screen.getByRole("link", { name: "CSV exportieren" })).toBeTruthy();
    for (const label of ["Suche", "Akteur"])
      expect(screen.getByRole("textbox", { name: label })).toBeTruthy();
    for (const label of ["Von", "Bis"]) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByPlaceholderText("Jedes Ergebnis")).toBeTruthy();
    expect(screen.getByPlaceholderText("Jede Organisation")).toBeTruthy();
    expectNoEnglish(document.body, "audit.");
  });

  it("says in German when nothing matches the filters", async () => {
    setLocaleSettings({ locale: "de" });
    renderPage(
      () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
      "/administration/general/activities?outcome=FAILURE",
    );
    expect(await screen.findByText("Keine passenden Einträge")).toBeTruthy();
    expect(screen.getByText("Lockern Sie die Filter oder setzen Sie sie zurück.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Filter zurücksetzen" })).toBeTruthy();
    expectNoEnglish(document.body, "audit.");
  });
});
