import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Technician, TechnicianRole } from "@steward/contracts";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { TechniciansPage } from "./TechniciansPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const grace: Technician = {
  id: 5,
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  phone: null,
  isSystemAdmin: false,
  roleIds: [2],
  status: "ACTIVE",
  mfaEnrolled: true,
  inviteExpiresAt: null,
  lastLoginAt: null,
  createdAt: "2025-11-22T09:00:00.000Z",
};

const helpdeskRole: TechnicianRole = {
  id: 2,
  name: "Helpdesk",
  description: "",
  permissions: ["organizations.read", "devices.read"],
  allOrganizations: true,
  organizations: [],
  hiddenOrganizationCount: 0,
  builtIn: true,
  holderCount: 0,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
};

function renderPage(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handlers);
  const result = renderApp(<TechniciansPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("TechniciansPage", () => {
  it("invites a technician and hands over the 24-hour link", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "GET /api/technicians": () => json(200, { items: [] }),
      "GET /api/technician-roles": () => json(200, { items: [helpdeskRole] }),
      "POST /api/technicians": ({ body }) => {
        sent = body;
        return json(201, {
          technician: {
            ...grace,
            id: 9,
            email: "new@example.com",
            firstName: "New",
            lastName: "Tech",
            status: "INVITED",
          },
          inviteUrl: "http://localhost:8080/invite/abcdefghijklmnopqrstuvwxyz",
          inviteExpiresAt: "2025-11-23T09:00:00.000Z",
          emailSent: false,
        });
      },
    });
    await user.click((await screen.findAllByRole("button", { name: "Invite technician" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Invite technician" });
    await user.type(within(dialog).getByLabelText(/^Email/), "New@Example.com");
    await user.type(within(dialog).getByLabelText(/^First name/), "New");
    await user.type(within(dialog).getByLabelText(/^Last name/), "Tech");
    // A technician needs a role.
    await user.click(within(dialog).getByRole("button", { name: "Send invite" }));
    expect(await within(dialog).findByText("Choose at least one role")).toBeTruthy();
    await user.click(within(dialog).getByRole("textbox", { name: /^Roles/ }));
    await user.click(await screen.findByRole("option", { name: "Helpdesk" }));
    await user.click(within(dialog).getByRole("button", { name: "Send invite" }));

    const link = await screen.findByTestId("invite-link");
    expect((link as HTMLInputElement).value).toBe("http://localhost:8080/invite/abcdefghijklmnopqrstuvwxyz");
    expect(screen.getByText(/valid for 24 hours/)).toBeTruthy();
    expect(screen.getByText(/No email was sent/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy link" })).toBeTruthy();
    expect(sent).toEqual({
      email: "new@example.com",
      firstName: "New",
      lastName: "Tech",
      isSystemAdmin: false,
      roleIds: [2],
    });
  });

  it("disables a technician after confirmation", async () => {
    const calls: string[] = [];
    const { user } = renderPage({
      "GET /api/technicians": () => json(200, { items: [grace] }),
      "POST /api/technicians/5/disable": ({ url }) => {
        calls.push(url.pathname);
        return json(200, { ...grace, status: "DISABLED" });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Actions for Grace Hopper" }));
    await user.click(await screen.findByRole("menuitem", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable technician" });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(calls).toEqual(["/api/technicians/5/disable"]));
  });

  it("shows the roles each technician holds", async () => {
    renderPage({
      "GET /api/technicians": () =>
        json(200, {
          items: [grace, { ...grace, id: 6, firstName: "Alan", isSystemAdmin: true, roleIds: [] }],
        }),
      "GET /api/technician-roles": () => json(200, { items: [helpdeskRole] }),
    });
    const row = (await screen.findByRole("link", { name: "Grace Hopper" })).closest("tr")!;
    await waitFor(() => expect(within(row).getByText("Helpdesk")).toBeTruthy());
    const adminRow = screen.getByRole("link", { name: "Alan Hopper" }).closest("tr")!;
    expect(within(adminRow).getByText("System administrator")).toBeTruthy();
  });

  it("offers no actions on one's own account", async () => {
    renderPage({ "GET /api/technicians": () => json(200, { items: [{ ...grace, id: 1 }] }) });
    expect(await screen.findByText("You")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Actions for/ })).toBeNull();
  });
});
