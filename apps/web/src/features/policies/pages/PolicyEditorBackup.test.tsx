import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aPolicy, aPolicyDetail } from "../test-fixtures";
import { PolicyEditorPage } from "./PolicyEditorPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

// i18n-exempt: sample data of the tests
const homes = {
  name: "Home folders",
  type: "fileFolder",
  enabled: true,
  includePaths: ["/home"],
  excludePatterns: ["*.tmp"],
  retention: { keepLast: 7, keepDaily: 14, keepWeekly: 8, keepMonthly: 12 },
  destination: { type: "local", path: "/mnt/backup" },
};

const parent = aPolicyDetail(
  {
    id: 1,
    name: "Default Linux server",
    deviceClass: "LINUX_SERVER",
    isDefault: true,
    items: { backup: { homes } },
  },
  {
    backup: {
      homes: {
        value: homes,
        state: "OVERRIDDEN",
        sourcePolicyId: 1,
        sourcePolicyName: "Default Linux server",
      },
    },
  },
);

const child = aPolicyDetail(
  {
    id: 2,
    name: "Web servers",
    deviceClass: "LINUX_SERVER",
    parentId: 1,
    parentName: "Default Linux server",
  },
  {
    backup: {
      homes: {
        value: homes,
        state: "INHERITED",
        sourcePolicyId: 1,
        sourcePolicyName: "Default Linux server",
      },
    },
  },
);

function renderEditor(onPatch: (body: unknown) => void = () => {}) {
  mockFetch({
    "GET /api/policies/1": () => json(200, parent),
    "GET /api/policies/2": () => json(200, child),
    "GET /api/policies": () => json(200, { items: [aPolicy({ ...parent }), aPolicy({ ...child })] }),
    "PATCH /api/policies/2": ({ body }) => {
      onPatch(body);
      return json(200, child);
    },
  });
  const result = renderApp(null, {
    routes: [{ path: "/editor/policy/*", element: <PolicyEditorPage /> }],
    initialPath: "/editor/policy/2",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

const planRow = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

describe("PolicyEditorPage backup plans", () => {
  it("shows an inherited plan, reverts an override, refuses a plan the schema rejects and saves a new one", async () => {
    let patched: { items?: { backup?: Record<string, Record<string, unknown>> } } | undefined;
    const { user } = renderEditor((body) => {
      patched = body as typeof patched;
    });
    await screen.findByRole("heading", { name: "Backup" });
    const row = (await screen.findByText("Home folders")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Inherited")).toBeTruthy();
    expect(within(row).getByText("Inherited from Default Linux server")).toBeTruthy();
    expect(within(row).getByText("/mnt/backup")).toBeTruthy();

    // Switching the inherited plan off overrides it; Revert inherits it again.
    await user.click(within(row).getByRole("switch", { name: "Home folders enabled" }));
    expect(within(planRow("Home folders")).getByText("Overridden")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Revert Home folders" }));
    expect(within(planRow("Home folders")).getByText("Inherited")).toBeTruthy();

    // A new plan: the shared schema's messages under the fields until it is valid.
    await user.click(screen.getByRole("button", { name: "Add backup plan" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Folders and files to back up", { exact: false }), "data");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(within(dialog).getAllByText("Mandatory value is undefined. Please enter a value.")).toHaveLength(
      2,
    );
    expect(within(dialog).getByText("Invalid")).toBeTruthy();

    await user.type(within(dialog).getByLabelText("Name", { exact: false }), "Web roots");
    const includes = within(dialog).getByLabelText("Folders and files to back up", { exact: false });
    await user.clear(includes);
    await user.type(includes, "/var/www{Enter}/etc/nginx");
    await user.type(within(dialog).getByLabelText("Exclude patterns"), "*.log");
    await user.type(within(dialog).getByLabelText("Destination folder", { exact: false }), "/srv/backups");
    const keepLast = within(dialog).getByLabelText("Keep last");
    await user.clear(keepLast);
    await user.type(keepLast, "3");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(planRow("Web roots")).getByText("Added here")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patched).toBeDefined());
    expect(patched!.items!.backup).toEqual({
      "backup-1": {
        name: "Web roots",
        type: "fileFolder",
        enabled: true,
        includePaths: ["/var/www", "/etc/nginx"],
        excludePatterns: ["*.log"],
        schedule: expect.objectContaining({ repeats: "DAILY" }),
        retention: { keepLast: 3, keepDaily: 14, keepWeekly: 8, keepMonthly: 12 },
        destination: { type: "local", path: "/srv/backups" },
      },
    });
  }, 45_000);

  it("speaks German: section, plan dialog and the schema's messages", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderEditor();
    await screen.findByRole("heading", { name: "Sicherung" });
    const row = (await screen.findByText("Home folders")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Geerbt von Default Linux server")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sicherungsplan hinzufügen" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Aufbewahrung")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Zielordner", { exact: false }), "backups");
    await user.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    // Name and paths missing, the destination not absolute: the schema's messages, in German.
    expect(within(dialog).getAllByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toHaveLength(2);
    expect(within(dialog).getByText("Ungültig")).toBeTruthy();
    expect(within(dialog).queryByText("Invalid")).toBeNull();
  }, 45_000);
});
