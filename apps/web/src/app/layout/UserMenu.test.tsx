import { render, screen, waitFor } from "@testing-library/react";
import { useMantineColorScheme } from "@mantine/core";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { adminUser, renderApp } from "../../test/render";
import { AppProviders, createQueryClient } from "../providers";
import { UserMenu } from "./UserMenu";

const scheme = () => document.documentElement.getAttribute("data-mantine-color-scheme");

describe("UserMenu theme switch", () => {
  afterEach(() => localStorage.clear());

  it("is named by what it shows, and switches between light, dark and the system's scheme", async () => {
    const user = userEvent.setup();
    renderApp(<UserMenu user={adminUser} />);
    const button = screen.getByRole("button", { name: /Ada Lovelace System administrator.*Account menu/ });
    expect(button.getAttribute("aria-label")).toBeNull();

    await user.click(button);
    await user.click(screen.getByRole("radio", { name: "Dark" }));
    await waitFor(() => expect(scheme()).toBe("dark"));
    // Kept in this browser: the next visit opens dark too.
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("dark");

    expect(screen.getByRole("radio", { name: "Dark" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "System" })).toHaveProperty("checked", false);
    await user.click(screen.getByRole("radio", { name: "Light" }));
    await waitFor(() => expect(scheme()).toBe("light"));
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("light");

    await user.click(screen.getByRole("radio", { name: "System" }));
    expect(localStorage.getItem("mantine-color-scheme-value")).toBe("auto");
    expect(screen.getByRole("radio", { name: "System" })).toHaveProperty("checked", true);
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
