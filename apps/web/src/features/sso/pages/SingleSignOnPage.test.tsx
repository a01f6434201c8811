import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SsoSettingsResponse } from "@steward/contracts";
import { json, mockFetch, renderApp, signIn, testQueryClient } from "../../../test/render";
import { SingleSignOnPage } from "./SingleSignOnPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const stored: SsoSettingsResponse = {
  providerName: "Contoso ID",
  issuerUrl: "https://login.contoso.test",
  clientId: "steward",
  scopes: "openid email profile",
  groupClaim: "groups",
  groupMappings: [{ group: "helpdesk", roleId: 7 }],
  jitEnabled: true,
  trustProviderMfa: false,
  enabled: true,
  clientSecretSet: true,
  redirectUri: "https://steward.test/api/auth/sso/callback",
};

function render() {
  const queryClient = testQueryClient();
  signIn(queryClient);
  renderApp(<SingleSignOnPage />, { queryClient, initialPath: "/administration/users/singleSignOn" });
}

describe("SingleSignOnPage", () => {
  it("shows the stored secret only as set, and saves without it unless a new one is typed", async () => {
    const saved: unknown[] = [];
    mockFetch({
      "GET /api/settings/sso": () => json(200, stored),
      "GET /api/technician-roles": () =>
        json(200, { items: [{ id: 7, name: "Helpdesk", permissions: [], isBuiltIn: false }] }),
      "PUT /api/settings/sso": ({ body }) => {
        saved.push(body);
        return json(200, stored);
      },
    });
    render();
    expect(await screen.findByText("Set")).toBeTruthy();
    expect(screen.getByText("Stored encrypted. Type a new secret to replace it.")).toBeTruthy();
    expect(
      screen.getByRole("table", { name: "Identity provider groups and the roles their members get" }),
    ).toBeTruthy();
    expect(screen.getByDisplayValue("https://steward.test/api/auth/sso/callback")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("switch", { name: /Trust the identity provider/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      trustProviderMfa: true,
      groupMappings: [{ group: "helpdesk", roleId: 7 }],
    });
    expect(saved[0]).not.toHaveProperty("clientSecret");
  });
});
