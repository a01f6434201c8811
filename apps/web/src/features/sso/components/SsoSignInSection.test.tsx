import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../../../test/render";
import { SsoSignInSection } from "./SsoSignInSection";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SsoSignInSection", () => {
  it('offers "Sign in with <provider>" as a link that starts the round at the server', async () => {
    mockFetch({ "GET /api/auth/sso": () => json(200, { enabled: true, providerName: "Contoso ID" }) });
    renderApp(<SsoSignInSection />, { initialPath: "/login" });
    const link = await screen.findByRole("link", { name: "Sign in with Contoso ID" });
    expect(link.getAttribute("href")).toBe("/api/auth/sso/start");
  });

  it("offers nothing while single sign-on is off", async () => {
    const fetch = mockFetch({ "GET /api/auth/sso": () => json(200, { enabled: false, providerName: null }) });
    renderApp(<SsoSignInSection />, { initialPath: "/login" });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("explains a refusal the server sent the browser back with", async () => {
    mockFetch({ "GET /api/auth/sso": () => json(200, { enabled: true, providerName: "Contoso ID" }) });
    renderApp(<SsoSignInSection />, { initialPath: "/login?sso=noMappedGroup" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "None of your identity provider groups is mapped to a Steward role. Ask an administrator to map one of your groups.",
    );
  });
});
