import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { conditionTemplates, condition as conditionSchema, type Condition } from "@steward/domain";
import type { DynamicPolicyView } from "@steward/contracts";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DynamicPolicyFormModal } from "./DynamicPolicyFormModal";

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
const sshd = fromTemplate("sshServiceStopped", { name: "SSH down" });

const existing: DynamicPolicyView = {
  id: 4,
  // i18n-exempt: sample data of the tests
  name: "Web servers",
  description: "",
  deviceClass: "LINUX_SERVER",
  enabled: true,
  priority: 1,
  criteria: { tags: ["web"] },
  sections: {
    conditions: { configure: true, items: { "cpuHigh-aaaaaa": cpu, "ssh-bbbbbb": sshd } },
  },
  version: 3,
  deviceCount: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function renderDialog(policy: DynamicPolicyView | null) {
  let sent: { sections?: DynamicPolicyView["sections"] } | undefined;
  const answer = ({ body }: { body: unknown }) => {
    sent = body as typeof sent;
    return json(policy ? 200 : 201, { ...existing, ...(body as object) });
  };
  const fetch = mockFetch({
    "GET /api/notification-channels": () => json(200, { items: [] }),
    "GET /api/scripts": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "POST /api/dynamic-policies": answer,
    "PATCH /api/dynamic-policies/4": answer,
  });
  const onClose = vi.fn();
  const result = renderApp(
    <DynamicPolicyFormModal
      opened
      onClose={onClose}
      policy={policy}
      deviceClass="LINUX_SERVER"
      readOnly={false}
    />,
  );
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetch, onClose, user: userEvent.setup({ delay: null }), sent: () => sent };
}

const row = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

// The condition dialog is a large form: filling it in takes a while on a busy machine.
describe("the conditions of a dynamic policy", { timeout: 30_000 }, () => {
  it("adds a condition from a template once Configure is ticked, and the saved body holds it", async () => {
    const { user, sent, onClose } = renderDialog(null);
    const policyDialog = await screen.findByRole("dialog", { name: "New dynamic policy" });
    await user.type(within(policyDialog).getByLabelText(/^Name/), "Busy disks");
    // Nothing to add before the section is configured.
    expect(screen.queryByRole("button", { name: "Add condition" })).toBeNull();
    await user.click(within(policyDialog).getByRole("checkbox", { name: "Configure Conditions" }));
    expect(
      within(policyDialog).getByText("No conditions yet. Add one from a template or start from a blank one."),
    ).toBeTruthy();

    await user.click(within(policyDialog).getByRole("button", { name: "Add condition" }));
    // Only templates a Linux device can evaluate are offered.
    expect(screen.queryByRole("menuitem", { name: "Windows Event Log service stopped" })).toBeNull();
    await user.click(await screen.findByRole("menuitem", { name: "Disk almost full (<10% free for 5 min)" }));
    const conditionDialog = await screen.findByRole("dialog", { name: "Add condition" });
    await user.click(within(conditionDialog).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add condition" })).toBeNull());

    const added = row("Disk almost full (<10% free for 5 min)");
    expect(within(added).getByText("Free space below 10% for 5 minutes")).toBeTruthy();
    expect(within(added).getByText("Major")).toBeTruthy();

    await user.click(within(policyDialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(sent()).toBeDefined());
    const section = sent()!.sections!.conditions!;
    expect(section.configure).toBe(true);
    const keys = Object.keys(section.items);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^diskAlmostFull-[0-9a-z]{6}$/);
    expect(section.items[keys[0]!]).toMatchObject({
      name: "Disk almost full (<10% free for 5 min)",
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
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("edits and deletes the dynamic policy's own conditions: each is its own, none inherited", async () => {
    const { user, sent } = renderDialog(existing);
    const policyDialog = await screen.findByRole("dialog", { name: "Dynamic policy Web servers" });
    expect(within(row("CPU busy")).getByText("Added here")).toBeTruthy();
    expect(within(row("SSH down")).getByText("Added here")).toBeTruthy();
    expect(within(policyDialog).queryByRole("button", { name: /^Revert/ })).toBeNull();

    await user.click(within(row("CPU busy")).getByRole("button", { name: "Edit CPU busy" }));
    const conditionDialog = await screen.findByRole("dialog", { name: "Edit condition" });
    const threshold = within(conditionDialog).getByLabelText(/^Threshold \(%\)/);
    await user.clear(threshold);
    await user.type(threshold, "80");
    await user.click(within(conditionDialog).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit condition" })).toBeNull());
    expect(within(row("CPU busy")).getByText("CPU above 80% for 15 minutes")).toBeTruthy();

    await user.click(within(row("SSH down")).getByRole("button", { name: "Delete SSH down" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("SSH down")).toBeNull());

    await user.click(within(policyDialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(Object.keys(sent()!.sections!.conditions!.items)).toEqual(["cpuHigh-aaaaaa"]);
    expect(sent()!.sections!.conditions!.items["cpuHigh-aaaaaa"]).toMatchObject({
      name: "CPU busy",
      check: { kind: "cpu", value: 80 },
    });
  });
});
