import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CredentialView } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { CredentialsPage } from "./CredentialsPage";

afterEach(() => vi.unstubAllGlobals());

const credential: CredentialView = {
  id: 5,
  organizationId: 3,
  name: "Office admin",
  type: "WINDOWS_LOCAL_ADMIN",
  username: "OFFICE\\admin",
  description: "Local admin of the office PCs",
  preferred: true,
  createdAt: "2025-11-20T09:00:00.000Z",
  updatedAt: "2025-11-22T14:30:00.000Z",
};

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/organizations/3": () => json(200, { id: 3, name: "Contoso" }),
    "GET /api/credential/organization/3/list": () =>
      json(200, { resultCode: "SUCCESS", credentials: [credential] }),
    ...handlers,
  });
  const result = renderApp(null, {
    routes: [{ path: "/editor/customer/:id/credentials", element: <CredentialsPage /> }],
    initialPath: "/editor/customer/3/credentials",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("the credentials page", () => {
  it("lists the organization's credentials with their type, user and change date", async () => {
    renderPage();
    const row = (await screen.findByText("Office admin")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Windows local administrator")).toBeTruthy();
    expect(within(row).getByText("Preferred")).toBeTruthy();
    expect(within(row).getByText("OFFICE\\admin")).toBeTruthy();
    expect(
      screen.getByText(
        "Accounts scripts can run as on Contoso's devices. Passwords are stored encrypted and never shown again.",
      ),
    ).toBeTruthy();
  });

  it("says so when the credentials cannot be loaded", async () => {
    renderPage({
      "GET /api/credential/organization/3/list": () => json(200, { resultCode: "FAILURE" }),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error loading credentials");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("checks a new credential on submit, shows the server's field message and creates it", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "POST /api/organizations/3/credentials": ({ body }) => {
        sent = body;
        if ((body as { name: string }).name === "Taken")
          return json(400, {
            code: "E_VALIDATION",
            message: "invalid",
            requestId: "t",
            details: { issues: [{ path: ["body", "name"], message: "This name is taken" }] },
          });
        return json(201, { ...credential, id: 6, name: "Mac admin", type: "MAC", preferred: false });
      },
    });
    await user.click(await screen.findByRole("button", { name: "New credential" }));
    const dialog = await screen.findByRole("dialog", { name: "New credential" });
    await user.click(within(dialog).getByRole("button", { name: "Create credential" }));
    expect(within(dialog).getAllByText("Mandatory value is undefined. Please enter a value.")).toHaveLength(
      3,
    );
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Taken");
    await user.type(within(dialog).getByRole("textbox", { name: "User name" }), "admin");
    await user.type(within(dialog).getByLabelText(/^Password/), "s3cret");
    await user.click(within(dialog).getByRole("button", { name: "Create credential" }));
    expect(await within(dialog).findByText("This name is taken")).toBeTruthy();

    await user.clear(within(dialog).getByRole("textbox", { name: "Name" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Mac admin");
    expect(within(dialog).queryByText("This name is taken")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Create credential" }));
    expect(await screen.findByText("Credential created")).toBeTruthy();
    expect(sent).toEqual({
      name: "Mac admin",
      type: "WINDOWS_LOCAL_ADMIN",
      username: "admin",
      secret: "s3cret",
      description: "",
      preferred: false,
    });
  });

  it("keeps the stored password when the password field stays empty on edit", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "PUT /api/organizations/3/credentials/5": ({ body }) => {
        sent = body;
        return json(200, credential);
      },
    });
    await user.click(await screen.findByRole("button", { name: /Edit Office admin/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Office admin" });
    expect(within(dialog).getByText("Leave empty to keep the stored password")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Credential saved")).toBeTruthy();
    expect(sent).toEqual({
      name: "Office admin",
      type: "WINDOWS_LOCAL_ADMIN",
      username: "OFFICE\\admin",
      description: "Local admin of the office PCs",
      preferred: true,
    });
  });
});

describe("the credentials page in German", () => {
  it("speaks German with German dates, in the list and in the form", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderPage();
    const row = (await screen.findByText("Office admin")).closest("tr") as HTMLElement;
    expect(screen.getByRole("heading", { name: "Anmeldedaten" })).toBeTruthy();
    expect(
      screen.getByText(
        "Konten, unter denen Skripte auf den Geräten von Contoso laufen können. Passwörter werden verschlüsselt gespeichert und nie wieder angezeigt.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Benutzername" })).toBeTruthy();
    expect(within(row).getByText("Lokaler Windows-Administrator")).toBeTruthy();
    expect(within(row).getByText("Bevorzugt")).toBeTruthy();
    expect(within(row).getByText("22.11.2025, 15:30")).toBeTruthy();
    expectNoEnglish(document.body, "credentials.");

    await user.click(screen.getByRole("button", { name: "Neue Anmeldedaten" }));
    const dialog = await screen.findByRole("dialog", { name: "Neue Anmeldedaten" });
    expect(within(dialog).getByText("Verschlüsselt gespeichert; nie wieder angezeigt")).toBeTruthy();
    expect(within(dialog).getByText("Bevorzugte Anmeldedaten ihres Typs")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Anmeldedaten anlegen" }));
    await waitFor(() =>
      expect(within(dialog).getAllByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toHaveLength(
        3,
      ),
    );
    expectNoEnglish(document.body, "credentials.");
  });
});
