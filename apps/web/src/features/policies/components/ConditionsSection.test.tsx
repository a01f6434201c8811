import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { conditionTemplates, condition as conditionSchema, type Condition } from "@steward/domain";
import type { PolicyDetail } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { aPolicy, aPolicyDetail } from "../test-fixtures";
import { PolicyEditorPage } from "../pages/PolicyEditorPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const fromTemplate = (id: string, changes: Partial<Condition> = {}): Condition => ({
  ...conditionSchema.parse(conditionTemplates.find((t) => t.id === id)!.condition),
  ...changes,
});

// i18n-exempt: sample data of the tests
const cpu = fromTemplate("cpuHigh", { name: "CPU busy" });
// i18n-exempt: sample data of the tests
const cpuStricter = { ...cpu, check: { ...cpu.check, value: 95 } } as Condition;
// i18n-exempt: sample data of the tests
const sshd = fromTemplate("sshServiceStopped", { name: "SSH down" });
// i18n-exempt: sample data of the tests
const smart = fromTemplate("smartFailing", { name: "Disk failing" });

const entry = (value: unknown, state: "INHERITED" | "OVERRIDDEN", id: number, name: string) => ({
  value,
  state,
  sourcePolicyId: id,
  sourcePolicyName: name,
});

const root = aPolicyDetail(
  {
    id: 1,
    name: "Default Linux server",
    deviceClass: "LINUX_SERVER",
    isDefault: true,
    items: { conditions: { "cpuHigh-aaaaaa": cpu, "smart-bbbbbb": smart } },
  },
  {
    conditions: {
      "cpuHigh-aaaaaa": entry(cpu, "OVERRIDDEN", 1, "Default Linux server"),
      "smart-bbbbbb": entry(smart, "OVERRIDDEN", 1, "Default Linux server"),
    },
  },
);

/** A child that overrides the CPU condition, inherits SMART and adds its own service condition. */
const child = aPolicyDetail(
  {
    id: 2,
    name: "Web servers",
    deviceClass: "LINUX_SERVER",
    parentId: 1,
    parentName: "Default Linux server",
    items: {
      agentSettings: { heartbeatSeconds: 30 },
      conditions: { "cpuHigh-aaaaaa": cpuStricter, "ssh-cccccc": sshd },
    },
  },
  {
    conditions: {
      "cpuHigh-aaaaaa": entry(cpuStricter, "OVERRIDDEN", 2, "Web servers"),
      "smart-bbbbbb": entry(smart, "INHERITED", 1, "Default Linux server"),
      "ssh-cccccc": entry(sshd, "OVERRIDDEN", 2, "Web servers"),
    },
  },
);

function renderEditor(detail: PolicyDetail = child) {
  let patched: { items?: PolicyDetail["items"] } | undefined;
  let current = detail;
  const fetch = mockFetch({
    "GET /api/policies/1": () => json(200, root),
    "GET /api/policies/2": () => json(200, current),
    "GET /api/policies": () => json(200, { items: [aPolicy({ ...root }), aPolicy({ ...child })] }),
    "GET /api/notification-channels": () =>
      json(200, {
        items: [
          // i18n-exempt: sample data of the tests
          { id: 7, name: "Ops webhook", type: "WEBHOOK", enabled: true },
        ],
      }),
    "GET /api/scripts": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "PATCH /api/policies/2": ({ body }) => {
      patched = body as typeof patched;
      // A saved policy comes back with a new update time (the editor starts over from it).
      current = { ...detail, updatedAt: "2026-11-02T10:00:00.000Z" };
      return json(200, current);
    },
  });
  const result = renderApp(null, {
    routes: [{ path: "/editor/policy/*", element: <PolicyEditorPage /> }],
    initialPath: "/editor/policy/2",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetch, user: userEvent.setup({ delay: null }), saved: () => patched };
}

const row = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;
const dialog = () => screen.findByRole("dialog");
const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label) as HTMLInputElement;

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: RegExp,
  option: string,
) {
  await user.click(within(scope).getByRole("textbox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

// The condition dialog is a large form: typing into it takes a while on a busy machine.
describe("the conditions of a policy", { timeout: 30_000 }, () => {
  it("lists inherited, overridden and own conditions with their check in words, and reverts an override", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("CPU busy");
    expect(within(row("CPU busy")).getByText("CPU above 95% for 15 minutes")).toBeTruthy();
    expect(within(row("CPU busy")).getByText("Overridden")).toBeTruthy();
    expect(within(row("CPU busy")).getByText("Moderate")).toBeTruthy();
    expect(within(row("Disk failing")).getByText("Inherited")).toBeTruthy();
    expect(within(row("Disk failing")).getByText("Inherited from Default Linux server")).toBeTruthy();
    expect(within(row("SSH down")).getByText("Service sshd not running for 5 minutes")).toBeTruthy();
    expect(within(row("SSH down")).getByText("Added here")).toBeTruthy();
    // An inherited condition can be overridden, never deleted; an added one is deleted, not reverted.
    expect(within(row("Disk failing")).queryByRole("button", { name: /Revert|Delete/ })).toBeNull();
    expect(within(row("SSH down")).queryByRole("button", { name: /Revert/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Revert CPU busy" }));
    expect(within(row("CPU busy")).getByText("CPU above 90% for 15 minutes")).toBeTruthy();
    expect(within(row("CPU busy")).getByText("Inherited")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved()?.items?.conditions).toEqual({ "ssh-cccccc": sshd }));
    expect(saved()?.items?.agentSettings).toEqual({ heartbeatSeconds: 30 });
    expect(await screen.findByText("Policy saved")).toBeTruthy();
  });

  it("adds a condition from a template under a new key of its own", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("CPU busy");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    // Only templates a Linux device can evaluate are offered.
    expect(screen.queryByRole("menuitem", { name: "Windows Event Log service stopped" })).toBeNull();
    await user.click(await screen.findByRole("menuitem", { name: "Disk almost full (<10% free for 5 min)" }));
    const form = await dialog();
    expect(field(form, /^Name/).value).toBe("Disk almost full (<10% free for 5 min)");
    expect(field(form, /^Threshold \(%\)/).value).toBe("10");
    expect(field(form, /^Resets at \(%\)/).value).toBe("15");
    expect(field(form, /^For \(minutes\)/).value).toBe("5");
    await user.click(within(form).getByRole("button", { name: "Apply" }));

    const added = row("Disk almost full (<10% free for 5 min)");
    expect(within(added).getByText("Free space below 10% for 5 minutes")).toBeTruthy();
    expect(within(added).getByText("Added here")).toBeTruthy();
    expect(within(added).getByText("Major")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved()).toBeDefined());
    const conditions = saved()!.items!.conditions!;
    const key = Object.keys(conditions).find((k) => k.startsWith("diskAlmostFull-"));
    expect(key).toMatch(/^diskAlmostFull-[0-9a-z]{6}$/);
    expect(conditions[key!]).toMatchObject({
      check: {
        kind: "diskFree",
        unit: "PERCENT",
        comparator: "LT",
        value: 10,
        resetValue: 15,
        durationSeconds: 300,
      },
      severity: "MAJOR",
      createNinjaTicket: false,
    });
    // The inherited conditions stay inherited; the override and the own one are kept.
    expect(Object.keys(conditions).sort()).toEqual(["cpuHigh-aaaaaa", key!, "ssh-cccccc"].sort());
  });

  it("edits a threshold of an inherited condition: the policy overrides it under the same key", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("Disk failing");
    await user.click(screen.getByRole("button", { name: "Revert CPU busy" }));
    await user.click(within(row("CPU busy")).getByRole("button", { name: "Edit CPU busy" }));
    const form = await dialog();
    const threshold = field(form, /^Threshold \(%\)/);
    expect(threshold.value).toBe("90");
    await user.clear(threshold);
    await user.type(threshold, "85");
    const duration = field(form, /^For \(minutes\)/);
    await user.clear(duration);
    await user.type(duration, "10");
    await user.click(within(form).getByRole("button", { name: "Apply" }));

    expect(within(row("CPU busy")).getByText("CPU above 85% for 10 minutes")).toBeTruthy();
    expect(within(row("CPU busy")).getByText("Overridden")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(saved()?.items?.conditions?.["cpuHigh-aaaaaa"]).toMatchObject({
        name: "CPU busy",
        check: { kind: "cpu", value: 85, resetValue: 80, durationSeconds: 600 },
      }),
    );
  });

  it("shows the schema's messages in the form and applies nothing while they stand", async () => {
    const { user } = renderEditor();
    await screen.findByText("CPU busy");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    await user.click(await screen.findByRole("menuitem", { name: "Blank condition" }));
    const form = await dialog();
    await choose(user, form, /^Condition type/, "Service or daemon state");
    const threshold = within(form).queryByLabelText(/^Threshold/);
    expect(threshold).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    expect(
      await within(form).findAllByText("Mandatory value is undefined. Please enter a value."),
    ).toHaveLength(2);
    expect(field(form, /^Name/).getAttribute("aria-invalid")).toBe("true");
    expect(field(form, /^Service or unit name/).getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses a number left empty", async () => {
    const { user } = renderEditor();
    await screen.findByText("CPU busy");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    await user.click(await screen.findByRole("menuitem", { name: "Up for more than 30 days" }));
    const form = await dialog();
    await user.clear(field(form, /^More than \(days\)/));
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    expect(await within(form).findByText("Input must be of integer value")).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText("Up for more than 30 days")).toBeNull();
  });

  it("creates a ticket once a ruleset is chosen as the ticketing rule, and tells the chosen channels", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("SSH down");
    await user.click(screen.getByRole("button", { name: "Edit SSH down" }));
    const form = await dialog();
    expect(within(form).getByRole("textbox", { name: /^Ticketing rule/ })).toHaveProperty("value", "None");
    await choose(user, form, /^Ticketing rule/, "Default ruleset");
    await choose(user, form, /^Notification channels/, "Ops webhook");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(saved()?.items?.conditions?.["ssh-cccccc"]).toMatchObject({
        createNinjaTicket: true,
        ticketRulesetId: null,
        channelIds: [7],
      }),
    );
  });

  it("creates no ticket once the ticketing rule is None", async () => {
    const ticketing = { ...sshd, createNinjaTicket: true };
    const { user, saved } = renderEditor({
      ...child,
      items: { conditions: { "ssh-cccccc": ticketing } },
      effective: { conditions: { "ssh-cccccc": entry(ticketing, "OVERRIDDEN", 2, "Web servers") } },
    });
    await screen.findByText("SSH down");
    await user.click(screen.getByRole("button", { name: "Edit SSH down" }));
    const form = await dialog();
    expect(within(form).getByRole("textbox", { name: /^Ticketing rule/ })).toHaveProperty(
      "value",
      "Default ruleset",
    );
    await choose(user, form, /^Ticketing rule/, "None");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(saved()?.items?.conditions?.["ssh-cccccc"]).toMatchObject({
        createNinjaTicket: false,
        ticketRulesetId: null,
      }),
    );
  });

  it("deletes the policy's own condition after confirming", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("SSH down");
    await user.click(screen.getByRole("button", { name: "Delete SSH down" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("SSH down")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(Object.keys(saved()?.items?.conditions ?? {})).toEqual(["cpuHigh-aaaaaa"]));
  });

  it("switches a condition off by overriding it", async () => {
    const { user, saved } = renderEditor();
    await screen.findByText("Disk failing");
    await user.click(screen.getByRole("switch", { name: "Enabled: Disk failing" }));
    expect(within(row("Disk failing")).getByText("Overridden")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(saved()?.items?.conditions?.["smart-bbbbbb"]).toEqual({ ...smart, enabled: false }),
    );
  });

  it("speaks German: the list, the kinds and the summaries", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderEditor();
    await screen.findByText("CPU busy");
    expect(screen.getByRole("heading", { name: "Bedingungen" })).toBeTruthy();
    expect(within(row("CPU busy")).getByText("Prozessor über 95 % für 15 Minuten")).toBeTruthy();
    expect(within(row("Disk failing")).getByText("Kritisch")).toBeTruthy();
    expect(within(row("SSH down")).getByText("Hier hinzugefügt")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Bedingung hinzufügen" }));
    await user.click(await screen.findByRole("menuitem", { name: "Prozessor über 90 % für 15 Min." }));
    const form = await dialog();
    expect(field(form, /^Name/).value).toBe("Prozessor über 90 % für 15 Min.");
    expect(field(form, /^Schwellenwert \(%\)/).value).toBe("90");
    expectNoEnglish(document.body, "policies.", "common.");
  });
});
