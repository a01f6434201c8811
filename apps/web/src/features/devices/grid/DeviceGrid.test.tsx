import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { aDevice } from "../../../test/fixtures";
import { DeviceGrid } from "./DeviceGrid";
import { SaveGroupModal } from "./SaveGroupModal";
import { emptyFilters } from "./grid-state";
import { useGridUrlState } from "./use-grid-url-state";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function GridPage() {
  const [state, setState] = useGridUrlState();
  return <DeviceGrid state={state} onChange={setState} />;
}

const devices = [
  aDevice({
    id: 1,
    hostname: "pc-01",
    lastContactAt: "2025-11-22T14:30:00.000Z",
    enrolledAt: "2025-11-20T09:00:00.000Z",
    minFreeDiskPercent: 12.5,
    totalMemoryBytes: 1.5 * 1024 ** 3,
    tags: ["a", "b", "c", "d"],
  }),
  aDevice({ id: 2, hostname: "pc-02", osName: "", osFamily: "OTHER" }),
];

function renderGrid(path: string) {
  mockFetch({
    "GET /api/devices": () => json(200, { items: devices, total: 1234, page: 1, pageSize: 50 }),
    "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "GET /api/device-roles": () => json(200, { items: [] }),
    "GET /api/groups": () => json(200, { items: [] }),
    "GET /api/custom-fields": () => json(200, { globalCustomFields: [], roleCustomFields: [] }),
  });
  const result = renderApp(null, {
    routes: [{ path: "/deviceSearch", element: <GridPage /> }],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

describe("the device grid in German", () => {
  it("speaks German with German dates, numbers and sizes, in the grid, chips, bulk bar and filters", async () => {
    // The status and approval badges belong to the device components; the grid's own columns show here.
    window.localStorage.setItem(
      "steward.deviceGrid.columns",
      JSON.stringify(["name", "os", "lastContact", "freeDisk", "memory", "tags", "enrolledAt"]),
    );
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderGrid("/deviceSearch?status=DOWN&approval=PENDING&os=MAC&tags=kiosk&cf=7:gte:10");
    const row = await screen.findByTestId("device-row-1");

    expect(screen.getByRole("button", { name: "Filter" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "CSV exportieren" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Geräte durchsuchen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nach Letzter Kontakt sortieren" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("1.234 Geräte");
    // Dates in the German medium format in the reader's zone; sizes with a decimal comma.
    expect(within(row).getByText("22.11.2025, 15:30")).toBeTruthy();
    expect(within(row).getByText("20.11.2025, 10:00")).toBeTruthy();
    expect(within(row).getByText("1,5 GB")).toBeTruthy();
    expect(within(row).getByText("+1")).toBeTruthy();
    expect(within(screen.getByTestId("device-row-2")).getByText("Andere")).toBeTruthy();
    await user.hover(within(row).getByText("13 %"));
    expect(await screen.findByText("Geringster freier Speicher auf einem Volume: 12,5 %")).toBeTruthy();

    const chips = screen.getByLabelText("Aktive Filter");
    for (const chip of [
      "Status: Offline",
      "Genehmigung: ausstehend",
      "OS: macOS",
      "Tag: kiosk",
      "Feld 7 mindestens 10",
    ])
      expect(within(chips).getByText(chip)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Filter Status: Offline entfernen" })).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: "Alle Geräte dieser Seite auswählen" }));
    const bar = screen.getByTestId("bulk-actions");
    expect(within(bar).getByText("2 Geräte ausgewählt")).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Alle 1.234 passenden Geräte auswählen" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Auswahl aufheben" })).toBeTruthy();
    expectNoEnglish(document.body, "devicesGrid.");

    await user.click(within(bar).getByRole("button", { name: "Alle 1.234 passenden Geräte auswählen" }));
    expect(within(bar).getByText("Alle 1.234 passenden Geräte sind ausgewählt.")).toBeTruthy();
    await user.click(within(bar).getByRole("button", { name: "Aktionen" }));
    for (const item of ["Rolle festlegen", "Tag hinzufügen", "Tag entfernen", "Genehmigen", "Löschen"])
      expect(await screen.findByRole("menuitem", { name: item })).toBeTruthy();
    await user.click(screen.getByRole("menuitem", { name: "Tag hinzufügen" }));
    const tagDialog = await screen.findByRole("dialog", { name: "Tag zu 1.234 Geräten hinzufügen" });
    await user.type(within(tagDialog).getByLabelText(/^Tag/), "zwei wörter");
    await user.click(within(tagDialog).getByRole("button", { name: "Tag hinzufügen" }));
    // The tag rules' message comes in the reader's language.
    expect(await within(tagDialog).findByText("Tags dürfen keine Leerzeichen enthalten")).toBeTruthy();
    await user.click(within(tagDialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Filter" }));
    const drawer = await screen.findByRole("dialog", { name: "Geräte filtern" });
    expect(within(drawer).getByRole("button", { name: "Filter anwenden" })).toBeTruthy();
    expect(
      within(drawer).getByRole("button", { name: "Keine benutzerdefinierten Felder vorhanden" }),
    ).toBeTruthy();
    expect(within(drawer).getByText("Benutzerdefinierte Felder")).toBeTruthy();
    expect(within(drawer).getByText("Geräte mit all diesen Tags")).toBeTruthy();
    expect(within(drawer).getAllByText("Offline").length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText("Genehmigung ausstehend").length).toBeGreaterThan(0);
    expectNoEnglish(drawer, "devicesGrid.");
  });

  it("offers the built-in searches by their German names", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderGrid("/deviceSearch");
    await screen.findByTestId("device-row-1");
    await user.click(screen.getByRole("textbox", { name: "Suche" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Alle Geräte",
      "Online",
      "Offline",
      "Warnung",
      "Software-Inventar",
      "Wenig Speicherplatz",
      "Fehlgeschlagene Patches",
      "Netzwerkgeräte",
      "Neustart erforderlich",
      "Installationsprobleme",
      "Fehlerhafte Geräte",
      "Aufmerksamkeit erforderlich",
      "Veraltete Agenten",
    ]);
  });
});

describe("the bulk tag dialog", () => {
  it("checks the tag on submit, then lets its message follow the typing", async () => {
    const { user } = renderGrid("/deviceSearch");
    await user.click(await screen.findByRole("checkbox", { name: "Select pc-02" }));
    await user.click(within(screen.getByTestId("bulk-actions")).getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove tag on 1 device" });
    const input = within(dialog).getByLabelText(/^Tag/);
    // Nothing is said while typing before the first submit.
    await user.type(input, "a,b");
    expect(within(dialog).queryByText("Tag cannot contain commas")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Remove tag" }));
    expect(await within(dialog).findByText("Tag cannot contain commas")).toBeTruthy();
    // Once shown, the message is checked again with every change, and goes when the tag is valid.
    await user.type(input, " ");
    expect(await within(dialog).findByText("Tag cannot contain spaces")).toBeTruthy();
    await user.type(input, "{Backspace}{Backspace}{Backspace}");
    expect((input as HTMLInputElement).value).toBe("a");
    await waitFor(() => expect(within(dialog).queryByText(/^Tag cannot/)).toBeNull());
  });
});

describe("saving the filters as a group", () => {
  function renderSave(locale: "en" | "de" = "en") {
    const sent: unknown[] = [];
    mockFetch({
      "POST /api/saved-searches": ({ body }) => {
        sent.push(body);
        return json(201, {
          id: 17,
          name: "Berlin laptops",
          criteria: { osFamilies: ["MAC"] },
          search: "",
          action: null,
          customFields: {},
          createdAt: "2025-11-22T09:00:00.000Z",
          updatedAt: "2025-11-22T09:00:00.000Z",
        });
      },
    });
    setLocaleSettings({ locale });
    const result = renderApp(null, {
      routes: [
        {
          path: "/deviceSearch",
          element: (
            <SaveGroupModal
              opened
              onClose={() => {}}
              filters={{ ...emptyFilters(), os: ["MAC"], groupId: 3 }}
            />
          ),
        },
        { path: "/group/:id", element: <p>group page</p> },
      ],
      initialPath: "/deviceSearch",
    });
    signIn(result.queryClient, authenticatedSession());
    return { sent, user: userEvent.setup() };
  }

  it("asks for a name first, then saves the filters without the group and opens the new group", async () => {
    const { sent, user } = renderSave();
    const dialog = await screen.findByRole("dialog", { name: "Save as group" });
    await user.type(within(dialog).getByLabelText(/^Group name/), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save group" }));
    expect(
      await within(dialog).findByText("Mandatory value is undefined. Please enter a value."),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Group name/), "Berlin laptops ");
    await user.click(within(dialog).getByRole("button", { name: "Save group" }));
    expect(await screen.findByText("group page")).toBeTruthy();
    expect(sent).toEqual([{ name: "Berlin laptops", criteria: { osFamilies: ["MAC"] }, search: "" }]);
    expect(await screen.findByText('Group "Berlin laptops" saved')).toBeTruthy();
  });

  it("says it in German", async () => {
    const { sent, user } = renderSave("de");
    const dialog = await screen.findByRole("dialog", { name: "Als Gruppe speichern" });
    expect(
      within(dialog).getByText(
        "Eine Gruppe ist eine gespeicherte Suche: Sie zeigt stets die Geräte, die diesen Filtern aktuell entsprechen.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Gruppe speichern" }));
    expect(
      await within(dialog).findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein."),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    expectNoEnglish(dialog, "devicesGrid.");
    await user.type(within(dialog).getByLabelText(/^Gruppenname/), "Laptops");
    await user.click(within(dialog).getByRole("button", { name: "Gruppe speichern" }));
    expect(await screen.findByText("Gruppe „Berlin laptops“ gespeichert")).toBeTruthy();
  });
});
