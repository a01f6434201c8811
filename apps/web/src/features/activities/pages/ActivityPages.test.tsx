import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Activity, PendingJob } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { SystemActivitiesPage, SystemPendingScriptsPage } from "./ActivityPages";

afterEach(() => {
  vi.unstubAllGlobals();
});

function anActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    key: "JOB-j1",
    source: "JOB",
    at: "2026-03-02T10:15:00.000Z",
    type: "ACTION",
    status: "COMPLETED",
    result: "SUCCESS",
    message: "Clean temp",
    jobUid: "j1",
    jobName: "Clean temp",
    deviceId: 4,
    deviceName: "FRONT-DESK",
    organizationId: 1,
    userId: 3,
    userName: "Ada Lovelace",
    ...overrides,
  };
}

const activities: Activity[] = [
  anActivity(),
  anActivity({
    key: "DEVICE-7",
    source: "DEVICE",
    at: "2025-12-24T18:05:00.000Z",
    type: "WENT_DOWN",
    status: null,
    result: null,
    message: "FRONT-DESK stopped answering",
    jobUid: null,
    jobName: null,
    userId: null,
    userName: null,
  }),
  anActivity({
    key: "JOB-j2",
    jobUid: "j2",
    type: "REBOOT_ACTION",
    status: "CANCEL_REQUESTED",
    result: null,
  }),
];

function aPendingJob(overrides: Partial<PendingJob> = {}): PendingJob {
  return {
    jobUid: "p1",
    jobType: "ACTION",
    jobStatus: "START_REQUESTED",
    jobName: "Install agent update",
    scriptName: "Update agent",
    scriptId: 5,
    deviceId: 4,
    deviceName: "FRONT-DESK",
    organizationId: 1,
    organizationName: "Acme",
    delivery: "QUEUED",
    userId: 3,
    userName: "Ada Lovelace",
    createdAt: "2026-03-02T10:15:00.000Z",
    ...overrides,
  };
}

function renderActivities(initialPath = "/systemDashboard/activities/1") {
  const requests: URL[] = [];
  mockFetch({
    "GET /api/activities": ({ url }) => {
      requests.push(url);
      return json(200, { items: activities, total: 3, page: 1, pageSize: 50 });
    },
    "GET /api/technicians": () =>
      json(200, { items: [{ id: 3, firstName: "Ada", lastName: "Lovelace", email: "ada@example.test" }] }),
  });
  const result = renderApp(null, {
    routes: [{ path: "/systemDashboard/activities/:page", element: <SystemActivitiesPage /> }],
    initialPath,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, requests, user: userEvent.setup() };
}

function renderPending() {
  const cancelled: string[] = [];
  mockFetch({
    "GET /api/jobs/pending": () =>
      json(200, {
        items: [
          aPendingJob(),
          aPendingJob({
            jobUid: "p2",
            delivery: "STARTED",
            scriptName: null,
            jobName: "Nightly restart",
            userName: null,
          }),
          aPendingJob({ jobUid: "p3", jobStatus: "CANCEL_REQUESTED", delivery: "SENT" }),
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    "POST /api/webapp/job/p1/cancel": () => {
      cancelled.push("p1");
      return json(500, { code: "E_INTERNAL", message: "Something went wrong", requestId: "r1" });
    },
  });
  const result = renderApp(null, {
    routes: [{ path: "/systemDashboard/pendingScripts", element: <SystemPendingScriptsPage /> }],
    initialPath: "/systemDashboard/pendingScripts",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, cancelled, user: userEvent.setup() };
}

describe("SystemActivitiesPage", () => {
  it("lists activities with their type, device, status and user, and sends the URL's filters", async () => {
    const { requests } = renderActivities(
      "/systemDashboard/activities/1?type=WENT_DOWN,ACTION&status=FAILURE",
    );
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Time", "Type", "Device", "Activity", "Status", "User"]);
    expect(within(rows[1]!).getByText("Script")).toBeTruthy();
    expect(within(rows[1]!).getByText("Succeeded")).toBeTruthy();
    expect(within(rows[2]!).getByText("Went down")).toBeTruthy();
    expect(within(rows[3]!).getByText("Reboot")).toBeTruthy();
    expect(within(rows[3]!).getByText("Cancel requested")).toBeTruthy();
    expect(screen.getByText("3 activities")).toBeTruthy();
    const sent = requests.at(-1)!.searchParams;
    expect(sent.get("type")).toBe("WENT_DOWN,ACTION");
    expect(sent.get("status")).toBe("FAILURE");
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeTruthy();
  });

  it("speaks German: filters, columns, types, statuses, counts and German dates", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderActivities("/systemDashboard/activities/1?type=WENT_DOWN&since=24h");
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Aktivitäten" })).toBeTruthy();
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Zeit", "Typ", "Gerät", "Aktivität", "Status", "Benutzer"]);
    // Dates in the German medium format, in the reader's zone.
    expect(within(rows[1]!).getByText("02.03.2026, 11:15")).toBeTruthy();
    expect(within(rows[1]!).getByText("Skript")).toBeTruthy();
    expect(within(rows[1]!).getByText("Erfolgreich")).toBeTruthy();
    expect(within(rows[2]!).getByText("24.12.2025, 19:05")).toBeTruthy();
    expect(within(rows[2]!).getByText("Offline gegangen")).toBeTruthy();
    expect(within(rows[3]!).getByText("Neustart")).toBeTruthy();
    expect(within(rows[3]!).getByText("Abbruch angefordert")).toBeTruthy();
    expect(screen.getByText("3 Aktivitäten")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Zeitraum" }) as HTMLInputElement).value).toBe(
      "Letzte 24 Stunden",
    );
    expect(screen.getByRole("button", { name: "Filter zurücksetzen" })).toBeTruthy();
    expectNoEnglish(document.body, "activities.");

    // The type filter's groups and choices are German too.
    await user.click(screen.getByRole("textbox", { name: "Typ" }));
    expect(await screen.findByText("Aufträge")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Inventar geändert" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Patchverwaltung" })).toBeTruthy();
    expectNoEnglish(document.body, "activities.");
  });

  it("says in German when nothing happened yet", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/activities": () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
      "GET /api/technicians": () => json(200, { items: [] }),
    });
    const result = renderApp(null, {
      routes: [{ path: "/systemDashboard/activities/:page", element: <SystemActivitiesPage /> }],
      initialPath: "/systemDashboard/activities/1",
    });
    signIn(result.queryClient, authenticatedSession());
    expect(await screen.findByText("Noch keine Aktivitäten")).toBeTruthy();
    expect(screen.getByText(/Alles erscheint hier/)).toBeTruthy();
    expectNoEnglish(document.body, "activities.");
  });
});

describe("SystemPendingScriptsPage", () => {
  it("shows each job's state and asks before cancelling", async () => {
    const { user, cancelled } = renderPending();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Queued")).toBeTruthy();
    expect(within(rows[1]!).getByText("by Ada Lovelace")).toBeTruthy();
    expect(within(rows[2]!).getByText("Running")).toBeTruthy();
    expect(within(rows[3]!).getByText("Cancelling")).toBeTruthy();
    expect(screen.getByText("3 pending")).toBeTruthy();
    await user.click(within(rows[1]!).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText('Cancel "Update agent" on FRONT-DESK?')).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel job" }));
    await waitFor(() => expect(cancelled).toEqual(["p1"]));
    expect(await screen.findByText("Could not cancel the job")).toBeTruthy();
  });

  it("speaks German: columns, states, the cancel question and German dates", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderPending();
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Ausstehende Skripte" })).toBeTruthy();
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Skript", "Gerät", "Organisation", "Zustand", "Angefordert", ""]);
    expect(within(rows[0]!).getByRole("columnheader", { name: "Aktionen" })).toBeTruthy();
    expect(within(rows[1]!).getByText("Eingereiht")).toBeTruthy();
    expect(within(rows[1]!).getByText("02.03.2026, 11:15")).toBeTruthy();
    expect(within(rows[1]!).getByText("von Ada Lovelace")).toBeTruthy();
    expect(within(rows[2]!).getByText("Läuft")).toBeTruthy();
    expect(within(rows[3]!).getByText("Wird abgebrochen")).toBeTruthy();
    expect(screen.getByText("3 ausstehend")).toBeTruthy();
    expectNoEnglish(document.body, "activities.");

    await user.click(within(rows[1]!).getByRole("button", { name: "Abbrechen" }));
    expect(await screen.findByText("„Update agent“ auf FRONT-DESK abbrechen?")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Auftrag abbrechen" }));
    expect(await screen.findByText("Der Auftrag konnte nicht abgebrochen werden")).toBeTruthy();
    expectNoEnglish(document.body, "activities.");
  });
});
