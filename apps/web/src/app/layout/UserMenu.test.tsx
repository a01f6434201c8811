import { render, screen, waitFor } from "@testing-library/react";
import { useMantineColorScheme } from "@mantine/core";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultUserPreferences } from "@steward/contracts";
import { getLocaleSettings } from "../../i18n";
import { adminUser, json, mockFetch, renderApp } from "../../test/render";
import { AppProviders, createQueryClient } from "../providers";
import { UserMenu } from "./UserMenu";

const scheme = () => document.documentElement.getAttribute("data-mantine-color-scheme");

/** Answers PUT /api/me/preferences like the server (the whole saved set) and records the bodies. */
function mockPreferences() {
  const sent: unknown[] = [];
  mockFetch({
    "PUT /api/me/preferences": ({ body }) => {
      sent.push(body);
      return json(200, { ...defaultUserPreferences, ...(body as object) });
    },
  });
  return sent;
}

describe("UserMenu theme and language switches", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("is named by what it shows, and switches between light, dark and the system's scheme", async () => {
    const user = userEvent.setup();
    const sent = mockPreferences();
    renderApp(<UserMenu user={adminUser} />);
    const button = screen.getByRole("button", { name: /Ada Lovelace System administrator.*Account menu/ });
    expect(button.getAttribute("aria-label")).toBeNull();

    await user.click(button);
    await user.click(screen.getByRole("menuitemradio", { name: "Dark" }));
    await waitFor(() => expect(scheme()).toBe("dark"));
    // Kept in this browser: the next visit opens dark too.
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("dark");

    expect(screen.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked")).toBe("false");
    await user.click(screen.getByRole("menuitemradio", { name: "Light" }));
    await waitFor(() => expect(scheme()).toBe("light"));
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("light");

    await user.click(screen.getByRole("menuitemradio", { name: "System" }));
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("auto");
    expect(screen.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked")).toBe("true");

    // Each choice is saved on the account too, so it follows the technician to other browsers.
    await waitFor(() => expect(sent).toEqual([{ theme: "dark" }, { theme: "light" }, { theme: "system" }]));
  });

  it("switches the language at once and saves it on the account", async () => {
    const user = userEvent.setup();
    const sent = mockPreferences();
    renderApp(<UserMenu user={adminUser} />);
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    expect(screen.getByRole("menuitemradio", { name: "English" }).getAttribute("aria-checked")).toBe("true");
    await user.click(screen.getByRole("menuitemradio", { name: "Deutsch" }));

    await waitFor(() => expect(getLocaleSettings().locale).toBe("de"));
    await user.click(await screen.findByRole("button", { name: /Systemadministrator.*Kontomenü/ }));
    expect(screen.getByRole("menuitem", { name: "Abmelden" })).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "Persönliche Einstellungen" })).toBeTruthy();
    expect(screen.getByRole("menuitemradio", { name: "Deutsch" }).getAttribute("aria-checked")).toBe("true");
    await waitFor(() => expect(sent).toEqual([{ language: "de" }]));
  });

  it("says so when the choice cannot be saved", async () => {
    const user = userEvent.setup();
    mockFetch({
      "PUT /api/me/preferences": () => json(500, { code: "E_INTERNAL", message: "down", requestId: "r-3" }),
    });
    renderApp(<UserMenu user={adminUser} />);
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    await user.click(screen.getByRole("menuitemradio", { name: "Dark" }));
    expect(await screen.findByText("Could not save your choice")).toBeTruthy();
    // The scheme still changed in this browser.
    expect(scheme()).toBe("dark");
  });

  it("follows the system's scheme until someone picks one", () => {
    let seen = "";
    function Probe() {
      seen = useMantineColorScheme().colorScheme;
      return null;
    }
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(seen).toBe("auto");
  });
});
