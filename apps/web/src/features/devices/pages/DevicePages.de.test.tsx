import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeviceDetail, Group } from "@steward/contracts";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { aDevice, anOrganizationDetail } from "../../../test/fixtures";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DeviceCachePage } from "./DeviceCachePage";
import { DeviceDetailsPage } from "./DeviceDetailsPage";
import { DeviceHealthPage } from "./DeviceHealthPage";
import { DeviceOverviewPage } from "./DeviceOverviewPage";
import { DeviceSettingsPage } from "./DeviceSettingsPage";
import { GroupPage } from "./GroupPage";
import { GroupsPage } from "./GroupsPage";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The devices texts whose German reads differently (those without values). */
const englishOnly = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("devices.") && !/[{}<]/.test(text))
  .filter(([id, text]) => messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

/** Fails on any English text of the devices catalogue on the page, shown or as a name. */
function expectNoEnglish(root: HTMLElement = document.body) {
  const left: string[] = [];
  for (const text of englishOnly) if (within(root).queryAllByText(text).length > 0) left.push(text);
  for (const element of root.querySelectorAll("[aria-label], [placeholder], [title]"))
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && englishOnly.includes(value)) left.push(`${name}=${value}`);
    }
  expect(left).toEqual([]);
}

const GIB = 1024 ** 3;

function aDeviceDetail(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    ...aDevice({
      id: 42,
      hostname: "web-01",
      status: "DOWN",
      pendingReboot: true,
      softwareCount: 1234,
      totalMemoryBytes: 15.5 * GIB,
      tags: ["kiosk"],
    }),
    inventory: {
      hostname: "web-01",
      os: { family: "LINUX", name: "Ubuntu", version: "24.04", arch: "x86_64" },
      cpu: { model: "Xeon E-2236", cores: 6, logicalCores: 12, speedGhz: 3.4 },
      memory: { totalBytes: 15.5 * GIB },
      uptimeSeconds: 3 * 86400 + 4 * 3600,
      lastBootAt: "2025-11-19T05:00:00.000Z",
      volumes: [{ mount: "/", fsType: "ext4", sizeBytes: 100 * GIB, freeBytes: 2.5 * GIB }],
      disks: [],
      network: [],
      loggedInUsers: [],
    },
    inventoryUpdatedAt: "2025-11-22T09:00:00.000Z",
    ...overrides,
  };
}

function renderAt(
  path: string,
  routePath: string,
  element: React.ReactElement,
  handlers: Parameters<typeof mockFetch>[0],
) {
  const fetchMock = mockFetch(handlers);
  const result = renderApp(null, { routes: [{ path: routePath, element }], initialPath: path });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

const deviceHandlers = (device: DeviceDetail): Parameters<typeof mockFetch>[0] => ({
  "GET /api/devices/42": () => json(200, device),
  "GET /api/devices/42/activities": () =>
    json(200, {
      items: [
        {
          id: 1,
          deviceId: 42,
          deviceName: "web-01",
          organizationId: 1,
          at: "2025-11-22T09:00:00.000Z",
          type: "WENT_DOWN",
          message: "web-01 stopped reporting",
        },
      ],
      total: 1,
      page: 1,
      pageSize: 6,
    }),
});

describe("device pages in German", () => {
  it("show a device's overview with German headings, states, dates, numbers and sizes", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderAt(
      "/deviceDashboard/42/overview",
      "/deviceDashboard/:id/overview",
      <DeviceOverviewPage />,
      deviceHandlers(aDeviceDetail()),
    );
    const summary = await screen.findByTestId("device-summary");
    expect(screen.getByTestId("device-name").textContent).toBe("web-01");
    // Header: presence, reboot mark and the moment in German.
    expect(screen.getAllByText("Offline").length).toBeGreaterThan(0);
    expect(screen.getByText("Neustart erforderlich")).toBeTruthy();
    expect(screen.getByText(/Offline seit 22\.11\.2025, 09:00/)).toBeTruthy();
    // Summary facts.
    for (const label of ["Zusammenfassung", "Letzter Kontakt", "Betriebszeit", "Arbeitsspeicher", "Rolle"])
      expect(within(screen.getByTestId("device-summary").parentElement!).getAllByText(label).length).toBe(1);
    expect(within(summary).getByText("3 Tage 4 Std.")).toBeTruthy();
    expect(within(summary).getByText("15,5 GB")).toBeTruthy();
    expect(within(summary).getByText("1.234 Pakete")).toBeTruthy();
    expect(within(summary).getByText("Keine Rolle")).toBeTruthy();
    expect(within(summary).getByText("22.11.2025, 10:00")).toBeTruthy();
    // Volumes: German decimal sizes and the low-space mark.
    const volumes = screen.getByTestId("inventory-volumes");
    expect(within(volumes).getByText("2,5 GB frei von 100 GB")).toBeTruthy();
    expect(within(volumes).getByText("Wenig Speicherplatz")).toBeTruthy();
    expect(within(volumes).getByLabelText("/: 3 % frei")).toBeTruthy();
    // Tags and the recent activity.
    expect(screen.getByRole("button", { name: "Tag kiosk entfernen" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Neuer Tag" })).toBeTruthy();
    expect(await screen.findByText("Offline gegangen")).toBeTruthy();
    expect(screen.getByText("Letzte Aktivitäten")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Alle Aktivitäten" })).toBeTruthy();
    expectNoEnglish();
  });

  it("refuse a tag with a space with the German message of the tag rules", async () => {
    setLocaleSettings({ locale: "de" });
    const post = vi.fn(() => json(200, { tags: [] }));
    const { user } = renderAt(
      "/deviceDashboard/42/overview",
      "/deviceDashboard/:id/overview",
      <DeviceOverviewPage />,
      { ...deviceHandlers(aDeviceDetail()), "POST /api/devices/42/tags": post },
    );
    await user.type(await screen.findByRole("textbox", { name: "Neuer Tag" }), "zwei Wörter");
    await user.click(screen.getByRole("button", { name: "Tag hinzufügen" }));
    expect(await screen.findByText("Tags dürfen keine Leerzeichen enthalten")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("show the inventory details in German with German sizes and numbers", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderAt(
      "/deviceDashboard/42/details",
      "/deviceDashboard/:id/details",
      <DeviceDetailsPage />,
      deviceHandlers(aDeviceDetail()),
    );
    const hardware = await screen.findByTestId("inventory-hardware");
    expect(within(hardware).getByText("Prozessor und Arbeitsspeicher")).toBeTruthy();
    expect(within(hardware).getByText("6 physisch, 12 logisch")).toBeTruthy();
    expect(within(hardware).getByText("3,4 GHz")).toBeTruthy();
    const system = screen.getByTestId("inventory-system");
    expect(within(system).getByText("Neustart ausstehend")).toBeTruthy();
    expect(within(system).getByText("Ja")).toBeTruthy();
    expect(within(system).getByText("19.11.2025, 06:00")).toBeTruthy();
    expect(
      within(screen.getByTestId("inventory-disks")).getByText(
        "Der Agent hat noch keine Datenträger gemeldet.",
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId("inventory-users")).getByText("Niemand ist angemeldet.")).toBeTruthy();
    expectNoEnglish();
  });

  it("save device settings in German and show the server's field message on its field", async () => {
    setLocaleSettings({ locale: "de" });
    const device = aDeviceDetail({ approvalStatus: "PENDING" });
    const patches: unknown[] = [];
    const { user } = renderAt(
      "/deviceDashboard/42/settings",
      "/deviceDashboard/:id/settings",
      <DeviceSettingsPage />,
      {
        ...deviceHandlers(device),
        "GET /api/organizations/1": () => json(200, anOrganizationDetail({ id: 1, name: "Acme" })),
        "GET /api/device-roles": () => json(200, { items: [] }),
        "PATCH /api/devices/42": ({ body }) => {
          patches.push(body);
          return json(400, {
            code: "E_VALIDATION",
            message: "Invalid request",
            requestId: "r",
            details: {
              issues: [
                {
                  path: ["body", "displayName"],
                  message: "Mandatory value is undefined. Please enter a value.",
                },
              ],
            },
          });
        },
      },
    );
    const name = await screen.findByRole("textbox", { name: "Anzeigename" });
    expect(screen.getByText("Allgemein")).toBeTruthy();
    expect(
      screen.getByText(
        "Wird statt des Hostnamens (web-01) angezeigt. Leer lassen, um den Hostnamen zu verwenden.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Innerhalb von Acme")).toBeTruthy();
    expect(
      screen.getByText(
        "Dieses Gerät wartet auf Genehmigung. Bis dahin meldet es sich nicht und nimmt keine Aufträge an.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Genehmigen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ablehnen" })).toBeTruthy();
    const save = screen.getByRole("button", { name: "Speichern" });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(name, "Empfang");
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(patches).toEqual([{ displayName: "Empfang" }]));
    // The server's English field message comes under the field, in German.
    expect(await screen.findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toBeTruthy();
    expectNoEnglish();
  });

  it("list groups in German with German criteria, counts and dates, and ask before deleting in German", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const group: Group = {
      id: 3,
      name: "Server",
      criteria: { status: ["UP", "DOWN"], organizationIds: [1, 2] },
      search: "",
      deviceCount: 1234,
      createdAt: "2025-11-20T09:00:00.000Z",
      updatedAt: "2025-11-22T09:00:00.000Z",
    };
    const { user } = renderAt("/groups", "/groups", <GroupsPage />, {
      "GET /api/groups": () => json(200, { items: [group] }),
    });
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Gruppen" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Neue Gruppe aus einer Suche" })).toBeTruthy();
    for (const heading of ["Name", "Filter", "Geräte", "Aktualisiert"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Status online oder offline · 2 Organisationen")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "1.234 Geräte in Server" }).textContent).toBe("1.234");
    expect(within(table).getByText("22.11.2025, 10:00")).toBeTruthy();
    expectNoEnglish();

    await user.click(within(table).getByRole("button", { name: /Server/ }));
    const dialog = await screen.findByRole("dialog", { name: "Gruppe löschen" });
    expect(
      within(dialog).getByText(
        "Die Gruppe „Server“ löschen? Ihre Geräte bleiben erhalten; nur die gespeicherte Suche wird entfernt.",
      ),
    ).toBeTruthy();
  });

  it('say "Error fetching groups" in German when the groups cannot be loaded', async () => {
    setLocaleSettings({ locale: "de" });
    renderAt("/groups", "/groups", <GroupsPage />, {
      "GET /api/groups": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }),
    });
    expect(await screen.findByText("Fehler beim Laden der Gruppen")).toBeTruthy();
  });

  it("rename a group in German: an empty name is refused with the German mandatory message", async () => {
    setLocaleSettings({ locale: "de" });
    const patch = vi.fn(() => json(200, {}));
    const { user } = renderAt("/group/3", "/group/:id", <GroupPage />, {
      "GET /api/saved-searches/3": () =>
        json(200, {
          id: 3,
          name: "Server",
          criteria: { tags: ["prod"] },
          search: "",
          action: null,
          customFields: {},
          createdAt: "2025-11-20T09:00:00.000Z",
          updatedAt: "2025-11-22T09:00:00.000Z",
        }),
      "PATCH /api/saved-searches/3": patch,
      "GET /api/devices": () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
      "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
      "GET /api/device-roles": () => json(200, { items: [] }),
      "GET /api/groups": () => json(200, { items: [] }),
      "GET /api/custom-fields": () => json(200, { globalCustomFields: [], roleCustomFields: [] }),
    });
    expect(await screen.findByRole("heading", { name: "Server" })).toBeTruthy();
    expect(screen.getByText("Tags prod")).toBeTruthy();
    expect(screen.getByRole("link", { name: "In der Gerätesuche öffnen" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Umbenennen" }));
    const dialog = await screen.findByRole("dialog", { name: "Gruppe umbenennen" });
    const input = within(dialog).getByRole("textbox", { name: "Name der Gruppe" });
    await user.clear(input);
    await user.type(input, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(
      await within(dialog).findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein."),
    ).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
    expectNoEnglish();
  });

  it("show the health status and the device cache in German", async () => {
    setLocaleSettings({ locale: "de" });
    renderAt("/health", "/health", <DeviceHealthPage />, {
      "GET /api/devices/health": () =>
        json(200, {
          total: 2400,
          up: 2300,
          down: 100,
          pendingApproval: 1,
          rejected: 0,
          neverConnected: 0,
          staleInventory: 3,
          staleInventoryHours: 24,
          agentVersions: [],
        }),
    });
    expect(await screen.findByText("Agent-Versionen")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Zustand" })).toBeTruthy();
    expect(screen.getByText(/kein Inventarbericht in den letzten 24 Stunden/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Installieren Sie einen" })).toBeTruthy();
    expectNoEnglish();
  });

  it("show the device cache statistics in German with German numbers", async () => {
    setLocaleSettings({ locale: "de" });
    renderAt("/cache", "/cache", <DeviceCachePage />, {
      "GET /api/devices/cache": () =>
        json(200, {
          entries: 1200,
          maxEntries: 5000,
          ttlSeconds: 60,
          hits: 12345,
          misses: 55,
          evictions: 0,
          invalidations: 7,
        }),
    });
    expect(await screen.findByLabelText("Einträge: 1.200 / 5.000")).toBeTruthy();
    expect(screen.getByLabelText("Treffer: 12.345")).toBeTruthy();
    expect(screen.getByLabelText("Trefferquote: 100 %")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Gerätecache" })).toBeTruthy();
    expectNoEnglish();
  });
});
