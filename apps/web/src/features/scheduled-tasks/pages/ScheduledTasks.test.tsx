import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ScheduledTask } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { ScheduledTaskEditorPage } from "./ScheduledTaskEditorPage";
import { ScheduledTasksPage } from "./ScheduledTasksPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The editor is a large page (hundreds of time zones in a select): slow on a busy machine. */
const EDITOR_TIMEOUT = 30_000;

const MANDATORY = "Mandatory value is undefined. Please enter a value.";

function aTask(overrides: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id: 4,
    name: "Nightly cleanup",
    description: "",
    enabled: true,
    targets: { deviceIds: [1, 2], groupIds: [3], organizationIds: [] },
    action: { scriptId: 9, parameters: [], runAs: "System" },
    schedule: {
      repeats: "DAILY",
      repeatsEveryCount: 1,
      repeatsEveryUnit: "HOURS",
      runAtHour: 9,
      runAtMinute: 0,
      dayOfMonth: 1,
      daysOfWeek: ["MONDAY"],
      startDate: null,
      end: { type: "NEVER", occurenceCount: null, endDate: null },
    },
    timeZone: "Europe/Berlin",
    trigger: "TIMER",
    summary: "Daily at 09:00",
    nextRunAt: "2025-11-23T08:00:00.000Z",
    lastRunAt: "2025-11-22T08:00:00.000Z",
    runCount: 3,
    occurrences: 3,
    lastRun: { jobCount: 3, error: null },
    createdAt: "2025-11-01T08:00:00.000Z",
    updatedAt: "2025-11-22T08:00:00.000Z",
    ...overrides,
  };
}

const script = {
  id: 9,
  name: "Cleanup",
  description: "",
  language: "powershell",
  os: "WINDOWS",
  body: "Write-Output 1",
  parameters: [],
  presets: [],
  timeoutSeconds: 300,
  runAs: "System",
  createdAt: "2025-11-01T08:00:00.000Z",
  updatedAt: "2025-11-01T08:00:00.000Z",
};

/** Everything the editor reads besides the task itself. */
const editorHandlers = {
  "GET /api/settings/general": () => json(200, { companyName: "Acme IT", defaultTimeZone: "Europe/Berlin" }),
  "GET /api/scripts": () => json(200, { items: [script], total: 1, page: 1, pageSize: 500 }),
  "GET /api/scripts/9": () => json(200, script),
  "GET /api/groups": () => json(200, { items: [] }),
  "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
  "GET /api/devices": () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }),
  "POST /api/query/device": () => json(200, { nodes: [] }),
  "GET /api/scheduled-tasks/preview": () =>
    json(200, {
      schedule: aTask().schedule,
      timeZone: "Europe/Berlin",
      trigger: "TIMER",
      summary: "Daily at 09:00",
      runs: [{ at: "2025-11-23T08:00:00.000Z", local: "2025-11-23 09:00" }],
    }),
};

function renderEditor(path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ ...editorHandlers, ...handlers });
  const result = renderApp(null, {
    routes: [{ path: "/editor/scheduledTask/*", element: <ScheduledTaskEditorPage /> }],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("scheduled task editor", () => {
  it(
    "checks a new task only when saving, then with every change, and sends nothing while a field is wrong",
    async () => {
      const { user, fetchMock } = renderEditor("/editor/scheduledTask/new");
      const name = await screen.findByRole("textbox", { name: /^Name/ });
      expect(screen.queryByText(MANDATORY)).toBeNull();
      expect(screen.queryByText("Choose at least one device, group or organization")).toBeNull();

      await user.click(screen.getByRole("button", { name: "Create task" }));
      expect(await screen.findByText("Check the highlighted fields.")).toBeTruthy();
      expect(screen.getByText("Choose at least one device, group or organization")).toBeTruthy();
      expect(name.getAttribute("aria-invalid")).toBe("true");
      // The name and the script both say the mandatory message.
      expect(screen.getAllByText(MANDATORY)).toHaveLength(2);

      await user.type(name, "N");
      await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("false"));
      expect(screen.getAllByText(MANDATORY)).toHaveLength(1);
      const saves = fetchMock.mock.calls.filter(
        ([input, init]) =>
          new URL(String(input), "http://localhost").pathname === "/api/scheduled-tasks" &&
          init?.method === "POST",
      );
      expect(saves).toHaveLength(0);
    },
    EDITOR_TIMEOUT,
  );

  it(
    "shows a server's field message on its field and keeps the changes",
    async () => {
      const { user } = renderEditor("/editor/scheduledTask/4", {
        "GET /api/scheduled-tasks/4": () => json(200, aTask()),
        "PUT /api/scheduled-tasks/4": () =>
          json(400, {
            code: "E_VALIDATION",
            message: "Invalid request",
            requestId: "r",
            details: { issues: [{ path: ["body", "name"], message: "A task of this name exists" }] },
          }),
      });
      const name = await screen.findByRole("textbox", { name: /^Name/ });
      expect((name as HTMLInputElement).value).toBe("Nightly cleanup");
      expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
      await user.type(name, "!");
      expect(screen.getByText("Unsaved changes")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByText("A task of this name exists")).toBeTruthy();
      expect(name.getAttribute("aria-invalid")).toBe("true");
      expect((name as HTMLInputElement).value).toBe("Nightly cleanup!");
    },
    EDITOR_TIMEOUT,
  );
});

describe("scheduled tasks in German", () => {
  it("lists tasks with German headings, schedules, counted targets and runs, and dates", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const weekly = { ...aTask().schedule, repeats: "WEEKLY" as const, repeatsEveryCount: 2 };
    mockFetch({
      "GET /api/scheduled-tasks": () =>
        json(200, {
          items: [
            aTask(),
            aTask({
              id: 5,
              name: "Report",
              enabled: false,
              targets: { deviceIds: [1], groupIds: [], organizationIds: [2, 3] },
              schedule: { ...weekly, daysOfWeek: ["MONDAY", "FRIDAY"] },
              nextRunAt: null,
              lastRunAt: null,
              lastRun: null,
            }),
          ],
          total: 2,
          page: 1,
          pageSize: 25,
        }),
    });
    const result = renderApp(<ScheduledTasksPage />);
    signIn(result.queryClient, authenticatedSession());
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Geplante Aufgaben" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Neue Aufgabe" }).length).toBeGreaterThan(0);
    expect(screen.getByRole("textbox", { name: "Aufgaben durchsuchen" })).toBeTruthy();
    for (const heading of ["Name", "Zeitplan", "Ziele", "Nächste Ausführung", "Letzte Ausführung"])
      expect(within(table).getByText(heading)).toBeTruthy();
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByText("Täglich um 09:00")).toBeTruthy();
    expect(within(first!).getByText("2 Geräte, 1 Gruppe")).toBeTruthy();
    expect(within(first!).getByText("23.11.2025, 09:00")).toBeTruthy();
    expect(within(first!).getByText("3 Aufträge")).toBeTruthy();
    expect(within(second!).getByText("Alle 2 Wochen am Montag, Freitag um 09:00")).toBeTruthy();
    expect(within(second!).getByText("1 Gerät, 2 Organisationen")).toBeTruthy();
    expect(within(second!).getByText("Deaktiviert")).toBeTruthy();
    expect(within(first!).getByRole("button", { name: "Nightly cleanup jetzt ausführen" })).toBeTruthy();
    expect(screen.getByText("2 Aufgaben")).toBeTruthy();
    expectNoEnglish(document.body, "scheduledTasks.");
  });

  it(
    "edits a new task in German: labels, schedule words, preview and the messages of a failed check",
    async () => {
      setLocaleSettings({ locale: "de" });
      const { user } = renderEditor("/editor/scheduledTask/new");
      expect(await screen.findByRole("heading", { name: "Neue geplante Aufgabe" })).toBeTruthy();
      expect((screen.getByRole("textbox", { name: "Wiederholung" }) as HTMLInputElement).value).toBe(
        "Täglich",
      );
      expect((screen.getByRole("textbox", { name: "Endet" }) as HTMLInputElement).value).toBe("Nie");
      expect(screen.getByText("Tag")).toBeTruthy();
      const preview = screen.getByTestId("schedule-preview");
      expect(within(preview).getByText("Nächste Ausführungen")).toBeTruthy();
      expect(await within(preview).findByText("Täglich um 09:00")).toBeTruthy();
      expect(within(preview).getByText("(Europe/Berlin)")).toBeTruthy();

      await user.click(screen.getByRole("button", { name: "Aufgabe anlegen" }));
      expect(await screen.findByText("Prüfen Sie die markierten Felder.")).toBeTruthy();
      expect(
        screen.getByText("Wählen Sie mindestens ein Gerät, eine Gruppe oder eine Organisation"),
      ).toBeTruthy();
      expect(screen.getAllByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toHaveLength(2);
      expectNoEnglish(document.body, "scheduledTasks.");
    },
    EDITOR_TIMEOUT,
  );
});
