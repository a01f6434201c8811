import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { SessionResponse } from "@steward/contracts";
import { adminUser, authenticatedSession, json, mockFetch, renderApp } from "../test/render";
import { buildRoutes } from "./router";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, session: SessionResponse, extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ "GET /api/auth/session": () => json(200, session), ...extra });
  const result = renderApp(null, { routes: buildRoutes(), initialPath: path });
  return { ...result, fetchMock };
}

const technician = authenticatedSession({
  user: {
    ...adminUser,
    id: 2,
    isSystemAdmin: false,
    permissions: ["organizations.read", "technicians.read", "settings.read", "dashboard.read"],
  },
});

describe("console shell and route guards", () => {
  it("sends a first-run visitor to setup", async () => {
    const { router } = renderAt("/administration/customers/organizations", {
      state: "anonymous",
      setupRequired: true,
    });
    expect(await screen.findByRole("button", { name: "Create administrator" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/setup");
  });

  it("sends an anonymous visitor to sign-in, remembering where they were going", async () => {
    const { router } = renderAt("/administration/general/settings", {
      state: "anonymous",
      setupRequired: false,
    });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: "/administration/general/settings" });
  });

  it("allows nothing but MFA enrollment before it is done", async () => {
    const session: SessionResponse = {
      state: "mfa-enrollment",
      user: adminUser,
      csrfToken: "c",
      idleExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
      absoluteExpiresAt: new Date(Date.now() + 86400_000).toISOString(),
    };
    const { router } = renderAt("/systemDashboard/overview", session, {
      "POST /api/auth/mfa/totp/enroll": () =>
        json(200, {
          secret: "JBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/Steward:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Steward",
          issuer: "Steward",
          accountName: "ada@example.com",
        }),
    });
    expect((await screen.findByTestId("totp-secret")).textContent).toBe("JBSWY3DPEHPK3PXP");
    expect(router.state.location.pathname).toBe("/mfa/enroll");
  });

  it("renders a page not built yet honestly, naming its area, with the title from the registry", async () => {
    renderAt("/systemDashboard/threats/1", authenticatedSession());
    const main = await screen.findByRole("main");
    expect(await within(main).findByText("Threats (endpoint security)")).toBeTruthy();
    expect(within(main).getByText(/is not available yet/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Threats · Steward"));
    expect(screen.getByRole("tab", { name: "Overview" })).toBeTruthy();
  });

  it("offers the demo request on backup placeholders", async () => {
    renderAt("/editor/customer/4/backup/network-storage", authenticatedSession());
    expect(await screen.findByRole("button", { name: "Request Demo" })).toBeTruthy();
  });

  it("hides what a technician's permissions do not allow", async () => {
    renderAt("/administration/users/technicians", technician, {
      "GET /api/technicians": () => json(200, { items: [] }),
    });
    expect(await screen.findByText("No technicians yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invite technician" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Organizations" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Apps" })).toBeNull();
  });

  it("refuses a page the user may not open", async () => {
    renderAt("/administration/apps", technician);
    expect(await screen.findByText("You do not have access to this page")).toBeTruthy();
  });

  it("answers unknown paths with a not-found page inside the shell", async () => {
    renderAt("/no/such/page", authenticatedSession());
    expect(await screen.findByText("Page not found")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeTruthy();
  });

  it("shows the server's trouble with a retry when the session cannot be read", async () => {
    mockFetch({
      "GET /api/auth/session": () => json(503, { code: "E_INTERNAL", message: "down", requestId: "r-7" }),
    });
    renderApp(null, { routes: buildRoutes(), initialPath: "/getStarted" });
    // The session probe retries once before giving up.
    expect(await screen.findByText("Could not reach the Steward server", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
