import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ScriptDetail, ScriptTemplate } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { ScriptEditorPage } from "./ScriptEditorPage";
import { ScriptLibraryPage } from "./ScriptLibraryPage";
import { TemplateScriptPage } from "./TemplateScriptPage";

afterEach(() => vi.unstubAllGlobals());

function aScript(overrides: Partial<ScriptDetail> = {}): ScriptDetail {
  return {
    id: 3,
    name: "Clean temp",
    description: "Removes old files",
    language: "bash",
    os: "ANY",
    architecture: "ALL",
    timeoutSeconds: 300,
    parameters: [
      { name: "path", label: "Path", type: "text", required: true, defaultValue: "/tmp", description: "" },
      { name: "days", label: "Days", type: "number", required: false, defaultValue: "7", description: "" },
    ],
    presets: [{ name: "Aggressive", values: { days: "1" } }],
    templateId: "disk-cleanup",
    createdBy: { id: 1, name: "Ada Lovelace" },
    updatedBy: { id: 1, name: "Ada Lovelace" },
    createdAt: "2025-11-20T09:00:00.000Z",
    updatedAt: "2025-11-22T14:30:00.000Z",
    body: "echo hi",
    ...overrides,
  };
}

const template: ScriptTemplate = {
  id: "disk-cleanup",
  name: "Disk cleanup",
  description: "Frees disk space",
  category: "Maintenance",
  language: "powershell",
  os: "WINDOWS",
  architecture: "ALL",
  timeoutSeconds: 600,
  parameters: [],
  presets: [],
  readOnly: true,
  body: "Remove-Item $env:TEMP -Recurse",
};

const routes = [
  { path: "/administration/library/scripting/:page", element: <ScriptLibraryPage /> },
  { path: "/editor/script/:id", element: <ScriptEditorPage /> },
  { path: "/editor/templateScript/:id", element: <TemplateScriptPage /> },
];

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/scripts": () => json(200, { items: [aScript()], total: 1, page: 1, pageSize: 25 }),
    "GET /api/scripts/3": () => json(200, aScript()),
    "GET /api/script-templates": () => json(200, { items: [template] }),
    "GET /api/script-templates/disk-cleanup": () => json(200, template),
    ...handlers,
  });
  const result = renderApp(null, { routes, initialPath: path });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("the script editor", () => {
  it("checks a new script on save, shows the server's field messages and creates it", async () => {
    let sent: unknown;
    const { user, router } = renderAt("/editor/script/new", {
      "POST /api/scripts": ({ body }) => {
        sent = body;
        if (!(body as { name: string }).name.endsWith("!"))
          return json(400, {
            code: "E_VALIDATION",
            message: "invalid",
            requestId: "t",
            details: {
              issues: [{ path: ["body", "parameters", 0, "label"], message: "Label already used" }],
            },
          });
        return json(201, aScript({ id: 9, name: "Spool!" }));
      },
      "GET /api/scripts/9": () => json(200, aScript({ id: 9, name: "Spool!" })),
    });
    const create = await screen.findByRole("button", { name: "Create script" });
    await user.click(create);
    expect(await screen.findByText("Check the highlighted fields.")).toBeTruthy();
    expect(screen.getAllByText("Mandatory value is undefined. Please enter a value.")).toHaveLength(2);
    expect(sent).toBeUndefined();

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Spool");
    await user.type(screen.getByRole("textbox", { name: "Script body" }), "lpq");
    await user.click(screen.getByRole("button", { name: "Add parameter" }));
    const parameter = screen.getAllByRole("textbox", { name: "Name" })[1]!;
    await user.type(parameter, "svc");
    await user.type(screen.getByRole("textbox", { name: "Label" }), "S");
    await user.click(create);
    expect(await screen.findByText("Label already used")).toBeTruthy();
    expect(screen.getByText("Unsaved changes")).toBeTruthy();

    await user.type(screen.getAllByRole("textbox", { name: "Name" })[0]!, "!");
    await user.click(create);
    expect(await screen.findByText("Script created")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/editor/script/9"));
    expect(sent).toMatchObject({
      name: "Spool!",
      body: "lpq",
      parameters: [{ name: "svc", label: "S", type: "text" }],
    });
  });

  it("discards changes back to the saved script", async () => {
    const { user } = renderAt("/editor/script/3");
    const name = (await screen.findAllByRole("textbox", { name: "Name" }))[0] as HTMLInputElement;
    await user.clear(name);
    await user.type(name, "Renamed");
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(name.value).toBe("Clean temp");
    expect(screen.queryByText("Unsaved changes")).toBeNull();
    expect(
      screen.getByText(/^Updated .*2025.* by Ada Lovelace · copied from a template script$/),
    ).toBeTruthy();
  });
});

describe("the script pages in German", () => {
  it("shows the library with German OS names, counts and dates", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderAt("/administration/library/scripting/1");
    const row = (await screen.findByRole("link", { name: "Clean temp" })).closest("tr") as HTMLElement;
    expect(screen.getByRole("heading", { name: "Skripte" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Vorlagenskripte" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Skripte durchsuchen" })).toBeTruthy();
    expect(screen.getByPlaceholderText("Nach Name oder Beschreibung suchen")).toBeTruthy();
    expect(within(row).getByText("Jedes OS")).toBeTruthy();
    expect(within(row).getByText("2 · 1 Voreinstellung")).toBeTruthy();
    expect(within(row).getByText("22.11.2025, 15:30")).toBeTruthy();
    expect(screen.getByText("1 Skript")).toBeTruthy();
    expectNoEnglish(document.body, "scripts.");

    await user.click(screen.getByRole("tab", { name: "Vorlagenskripte" }));
    const templateRow = (await screen.findByRole("link", { name: "Disk cleanup" })).closest(
      "tr",
    ) as HTMLElement;
    expect(within(templateRow).getByText("Wartung")).toBeTruthy();
    expect(within(templateRow).getByText("Ändert nichts")).toBeTruthy();
    expect(
      within(templateRow).getByRole("button", { name: "Disk cleanup in die Bibliothek kopieren" }),
    ).toBeTruthy();
    expectNoEnglish(document.body, "scripts.");
  });

  it("edits a script in German, with German field messages", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderAt("/editor/script/3");
    await screen.findByRole("heading", { name: "Clean temp" });
    expect(
      screen.getByText("Geändert 22.11.2025, 15:30 von Ada Lovelace · aus einem Vorlagenskript kopiert"),
    ).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Zeitlimit (Sekunden)" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Architektur" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Parameter days entfernen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Voreinstellung Aggressive entfernen" })).toBeTruthy();
    expect(screen.getByPlaceholderText("Standard: 7")).toBeTruthy();
    expect(screen.getByText(/Umgebungsvariablen STEWARD_PARAM_<NAME> und als Argumente/)).toBeTruthy();

    await user.clear(screen.getAllByRole("textbox", { name: "Name" })[0]!);
    expect(screen.getByText("Ungespeicherte Änderungen")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Prüfen Sie die markierten Felder.")).toBeTruthy();
    expect(screen.getByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toBeTruthy();
    expectNoEnglish(document.body, "scripts.");
  });

  it("shows a template script and copies it in German", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderAt("/editor/templateScript/disk-cleanup");
    expect(await screen.findByText("Wartung")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zurück zu den Vorlagen" })).toBeTruthy();
    expect(screen.getByText("Keine Parameter. Das Skript läuft jedes Mal gleich.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "In Bibliothek kopieren" }));
    const dialog = await screen.findByRole("dialog", { name: "In Bibliothek kopieren" });
    await user.clear(within(dialog).getByRole("textbox", { name: "Name in Ihrer Bibliothek" }));
    await user.click(within(dialog).getByRole("button", { name: "Kopieren" }));
    expect(
      await within(dialog).findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein."),
    ).toBeTruthy();
    expectNoEnglish(document.body, "scripts.");
  });
});
