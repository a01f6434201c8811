import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Permission, TechnicianRole } from "@steward/contracts";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { RolesMultiSelect } from "./RolesMultiSelect";

afterEach(() => {
  vi.unstubAllGlobals();
});

const role = (id: number, name: string, permissions: Permission[]): TechnicianRole => ({
  id,
  name,
  description: "",
  permissions,
  allOrganizations: true,
  organizations: [],
  hiddenOrganizationCount: 0,
  builtIn: false,
  holderCount: 0,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
});

const readOnly = role(1, "Read only", ["organizations.read", "devices.read"]);
const scripting = role(2, "Scripting", ["devices.read", "jobs.run"]);
const fullAccess = role(3, "Full access", [
  "organizations.read",
  "organizations.write",
  "devices.read",
  "jobs.run",
]);

let lastValue: number[] = [];

function Harness({ initial }: { initial: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <RolesMultiSelect
      value={value}
      onChange={(next) => {
        lastValue = next;
        setValue(next);
      }}
    />
  );
}

function renderPicker(user: { isSystemAdmin: boolean; permissions: Permission[] }, initial: number[] = []) {
  mockFetch({ "GET /api/technician-roles": () => json(200, { items: [readOnly, scripting, fullAccess] }) });
  const result = renderApp(<Harness initial={initial} />);
  signIn(result.queryClient, authenticatedSession({ user: { ...adminUser, ...user } }));
  return { ...result, user: userEvent.setup() };
}

async function offeredRoles(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(screen.getByRole("textbox", { name: "Roles" }));
  const listbox = await screen.findByRole("listbox");
  await waitFor(() => expect(within(listbox).queryAllByRole("option").length).toBeGreaterThan(0));
  return within(listbox)
    .getAllByRole("option")
    .filter((o) => o.getAttribute("data-combobox-disabled") === null)
    .map((o) => o.textContent ?? "");
}

describe("RolesMultiSelect", () => {
  it("offers only the roles whose every permission the signed-in user holds", async () => {
    const { user } = renderPicker({
      isSystemAdmin: false,
      permissions: ["organizations.read", "devices.read", "jobs.run"],
    });
    expect(await offeredRoles(user)).toEqual(["Read only", "Scripting"]);
  });

  it("offers every role to a system administrator", async () => {
    const { user } = renderPicker({ isSystemAdmin: true, permissions: [] });
    expect(await offeredRoles(user)).toEqual(["Read only", "Scripting", "Full access"]);
  });

  it("keeps a held role beyond the user's grants, named and locked", async () => {
    lastValue = [];
    const { user } = renderPicker(
      { isSystemAdmin: false, permissions: ["organizations.read", "devices.read"] },
      [3],
    );
    expect(await offeredRoles(user)).toEqual(["Read only"]);
    const locked = screen.getByRole("option", { name: "Full access" });
    expect(locked.getAttribute("data-combobox-disabled")).not.toBeNull();
    await user.click(screen.getByRole("option", { name: "Read only" }));
    expect([...lastValue].sort()).toEqual([1, 3]);
  });
});
