import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aPolicy, aPolicyDetail } from "../test-fixtures";
import { PolicyEditorPage } from "./PolicyEditorPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const root = aPolicyDetail(
  {
    id: 1,
    name: "Default Linux server",
    deviceClass: "LINUX_SERVER",
    isDefault: true,
    items: { agentSettings: { metricIntervalSeconds: 120 } },
  },
  {
    agentSettings: {
      metricIntervalSeconds: {
        value: 120,
        state: "OVERRIDDEN",
        sourcePolicyId: 1,
        sourcePolicyName: "Default Linux server",
      },
      heartbeatSeconds: { value: 60, state: "INHERITED", sourcePolicyId: null, sourcePolicyName: null },
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
    items: { agentSettings: { heartbeatSeconds: 30 } },
  },
  {
    agentSettings: {
      metricIntervalSeconds: {
        value: 120,
        state: "INHERITED",
        sourcePolicyId: 1,
        sourcePolicyName: "Default Linux server",
      },
      heartbeatSeconds: {
        value: 30,
        state: "OVERRIDDEN",
        sourcePolicyId: 2,
        sourcePolicyName: "Web servers",
      },
    },
  },
);

function renderEditor(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    "GET /api/policies/1": () => json(200, root),
    "GET /api/policies/2": () => json(200, child),
    "GET /api/policies": () =>
      json(200, {
        items: [
          aPolicy({ ...root, id: 1 }),
          aPolicy({ ...child, id: 2 }),
          aPolicy({ id: 3, name: "Child of web", deviceClass: "LINUX_SERVER", parentId: 2 }),
        ],
      }),
    ...handlers,
  });
  const result = renderApp(null, {
    routes: [{ path: "/editor/policy/*", element: <PolicyEditorPage /> }],
    initialPath: "/editor/policy/2",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetch, user: userEvent.setup() };
}

/** The row of one item: its input's group up to the Inherited/Overridden column. */
const itemRow = (label: string) => screen.getByLabelText(label).closest(".mantine-Group-root") as HTMLElement;

describe("PolicyEditorPage", () => {
  it("shows each item as Inherited (with its source) or Overridden, reverts, and saves only the overrides", async () => {
    let patched: unknown;
    const { user } = renderEditor({
      "PATCH /api/policies/2": ({ body }) => {
        patched = body;
        return json(200, child);
      },
    });
    const interval = (await screen.findByLabelText("Metric interval (seconds)")) as HTMLInputElement;
    await waitFor(() => expect(interval.value).toBe("120"));
    expect(within(itemRow("Metric interval (seconds)")).getByText("Inherited")).toBeTruthy();
    expect(
      within(itemRow("Metric interval (seconds)")).getByText("Inherited from Default Linux server"),
    ).toBeTruthy();
    const heartbeat = screen.getByLabelText("Heartbeat (seconds)") as HTMLInputElement;
    expect(heartbeat.value).toBe("30");
    expect(within(itemRow("Heartbeat (seconds)")).getByText("Overridden")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);

    // Reverting gives back what the parent gets (here the section's default), shown as Inherited.
    await user.click(screen.getByRole("button", { name: "Revert Heartbeat (seconds)" }));
    await waitFor(() => expect(heartbeat.value).toBe("60"));
    expect(
      within(itemRow("Heartbeat (seconds)")).getByText("Inherited from the section's default"),
    ).toBeTruthy();

    // Changing an inherited item overrides it.
    await user.clear(interval);
    await user.type(interval, "300");
    expect(within(itemRow("Metric interval (seconds)")).getByText("Overridden")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(patched).toEqual({ items: { agentSettings: { metricIntervalSeconds: 300 } } }),
    );
    expect(await screen.findByText("Policy saved")).toBeTruthy();
  });

  it("refuses an interval outside its bounds under the item, sending nothing", async () => {
    let patched = false;
    const { user } = renderEditor({
      "PATCH /api/policies/2": () => {
        patched = true;
        return json(200, child);
      },
    });
    const heartbeat = (await screen.findByLabelText("Heartbeat (seconds)")) as HTMLInputElement;
    await user.clear(heartbeat);
    await user.type(heartbeat, "5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Value must be greater than or equal to 15")).toBeTruthy();
    expect(patched).toBe(false);
  });

  it("offers as parents only policies that are not the policy itself or inherit from it", async () => {
    const { user } = renderEditor();
    await screen.findByLabelText("Metric interval (seconds)");
    await user.click(screen.getByRole("textbox", { name: "Parent policy" }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["None", "Default Linux server"]);
  });

  it("is read-only without policies.manage: no Save, no Revert, inputs disabled", async () => {
    const fetch = mockFetch({
      "GET /api/policies/2": () => json(200, child),
      "GET /api/policies/1": () => json(200, root),
      "GET /api/policies": () => json(200, { items: [] }),
    });
    const result = renderApp(null, {
      routes: [{ path: "/editor/policy/*", element: <PolicyEditorPage /> }],
      initialPath: "/editor/policy/2",
    });
    signIn(
      result.queryClient,
      authenticatedSession({
        user: { ...adminUser, isSystemAdmin: false, permissions: ["policies.read"] },
      }),
    );
    const heartbeat = (await screen.findByLabelText("Heartbeat (seconds)")) as HTMLInputElement;
    expect(heartbeat.disabled).toBe(true);
    expect(screen.getByText("Overridden")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Revert/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? "GET") === "GET")).toBe(true);
  });

  it("says when the address names no policy", async () => {
    renderApp(null, {
      routes: [{ path: "/editor/policy/*", element: <PolicyEditorPage /> }],
      initialPath: "/editor/policy/abc",
    });
    expect(await screen.findByText("There is no such policy.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All agent policies" }).getAttribute("href")).toBe(
      "/administration/policies/agent",
    );
  });

  it("shows the load failure", async () => {
    renderEditor({
      "GET /api/policies/2": () =>
        json(404, {
          code: "E_POLICY_NOT_FOUND",
          message: "Policy not found",
          messageId: "errors.policies.notFound",
          requestId: "r",
        }),
    });
    expect(await screen.findByText("Could not load the policy")).toBeTruthy();
    expect(screen.getByText("Policy not found")).toBeTruthy();
  });

  it("speaks German: sections, items, Inherited and Overridden", async () => {
    setLocaleSettings({ locale: "de" });
    renderEditor();
    const interval = (await screen.findByLabelText("Messintervall (Sekunden)")) as HTMLInputElement;
    await waitFor(() => expect(interval.value).toBe("120"));
    expect(screen.getByRole("heading", { name: "Agent-Einstellungen" })).toBeTruthy();
    expect(screen.getByText("Geerbt von Default Linux server")).toBeTruthy();
    expect(screen.getByText("Überschrieben")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Lebenszeichen (Sekunden) zurücksetzen" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Übergeordnete Richtlinie" })).toBeTruthy();
    const english = Object.entries(messagesByLocale.en)
      .filter(
        ([id, text]) => id.startsWith("policies.") && !/[{}]/.test(text) && messagesByLocale.de[id] !== text,
      )
      .map(([, text]) => text);
    expect(english.filter((text) => screen.queryAllByText(text).length > 0)).toEqual([]);
  });
});

describe("PolicyEditorPage scheduled automations", () => {
  const nightly = {
    name: "Nightly cleanup",
    scriptId: 5,
    enabled: true,
    schedule: {
      repeats: "DAILY",
      repeatsEveryCount: 1,
      repeatsEveryUnit: "HOURS",
      runAtHour: 2,
      runAtMinute: 0,
      dayOfMonth: 1,
      daysOfWeek: ["MONDAY"],
      startDate: null,
      end: { type: "NEVER", occurenceCount: null, endDate: null },
    },
    timeZone: "UTC",
    runAs: "System",
  };
  const parentWithAutomation = {
    ...root,
    items: { ...root.items, automations: { nightly } },
    effective: {
      ...root.effective,
      automations: {
        nightly: {
          value: nightly,
          state: "OVERRIDDEN",
          sourcePolicyId: 1,
          sourcePolicyName: "Default Linux server",
        },
      },
    },
  };
  const scripts = {
    items: [
      { id: 5, name: "Cleanup temp files" },
      { id: 6, name: "Restart agent" },
    ],
    total: 2,
  };
  const automationRow = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

  it("shows an inherited automation with its script and source; overriding and reverting it; adding one saves script, schedule, zone and run-as", async () => {
    let patched: { items?: { automations?: Record<string, Record<string, unknown>> } } | undefined;
    const { user } = renderEditor({
      "GET /api/policies/1": () => json(200, parentWithAutomation),
      "GET /api/scripts": () => json(200, scripts),
      "PATCH /api/policies/2": ({ body }) => {
        patched = body as typeof patched;
        return json(200, child);
      },
    });
    await screen.findByText("Scheduled automations");
    const row = await screen.findByText("Nightly cleanup");
    const tr = row.closest("tr") as HTMLElement;
    expect(within(tr).getByText("Inherited")).toBeTruthy();
    expect(within(tr).getByText("Inherited from Default Linux server")).toBeTruthy();
    expect(await within(tr).findByText("Cleanup temp files")).toBeTruthy();

    // Switching the inherited automation off overrides it; Revert inherits it again.
    await user.click(within(tr).getByRole("switch", { name: "Nightly cleanup enabled" }));
    expect(within(automationRow("Nightly cleanup")).getByText("Overridden")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Revert Nightly cleanup" }));
    expect(within(automationRow("Nightly cleanup")).getByText("Inherited")).toBeTruthy();

    // A new automation: a script is required, then it is added and saved with its schedule.
    await user.click(screen.getByRole("button", { name: "Add automation" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name"), "Weekly restart");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(within(dialog).getByText("Choose a script.")).toBeTruthy();
    await user.click(within(dialog).getByRole("textbox", { name: "Script" }));
    await user.click(await screen.findByRole("option", { name: "Restart agent" }));
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(automationRow("Weekly restart")).getByText("Added here")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patched).toBeDefined());
    const saved = patched!.items!.automations!;
    expect(Object.keys(saved)).toEqual(["automation-1"]);
    expect(saved["automation-1"]).toMatchObject({
      name: "Weekly restart",
      scriptId: 6,
      enabled: true,
      runAs: "System",
      schedule: { repeats: "DAILY", runAtHour: 9, runAtMinute: 0 },
    });
    expect(typeof saved["automation-1"]!.timeZone).toBe("string");
  }, 45_000);
});
