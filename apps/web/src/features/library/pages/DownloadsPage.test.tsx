import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { aToken, anOrganization, anOrganizationDetail } from "../../../test/fixtures";
import { DownloadsPage } from "./DownloadsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const commands = {
  linux: "sudo node steward-agent.mjs enroll --token LINUX",
  mac: "sudo node steward-agent.mjs enroll --token MAC",
  windows: "node steward-agent.mjs enroll --token WINDOWS",
};
const pins = { serverKeyFingerprint: "ab".repeat(32), agentSha256: "cd".repeat(32) };

function renderPage(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    "GET /api/organizations": () =>
      json(200, { items: [anOrganization()], total: 1, page: 1, pageSize: 500 }),
    "GET /api/organizations/1": () => json(200, anOrganizationDetail()),
    "GET /api/agent/downloads": () =>
      json(200, {
        built: false,
        version: null,
        builtAt: null,
        downloadBase: "http://localhost:8081/agent/v1/download",
        artifacts: [],
      }),
    ...handlers,
  });
  const result = renderApp(<DownloadsPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("DownloadsPage", () => {
  it("creates a token for the chosen location and shows the install command per OS", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "GET /api/organizations/1/enrollment-tokens": () => json(200, { items: [] }),
      "POST /api/organizations/1/enrollment-tokens": ({ body }) => {
        sent = body;
        return json(201, {
          token: aToken({ id: 8, locationId: 11, locationName: "Warehouse" }),
          secret: "s3cret",
          agentServerUrl: "http://localhost:8081",
          ...pins,
          commands,
        });
      },
    });
    expect(await screen.findByText("No enrollment tokens yet")).toBeTruthy();
    await user.click(screen.getByRole("textbox", { name: "Location" }));
    await user.click(await screen.findByRole("option", { name: "Warehouse" }));
    await user.type(screen.getByLabelText(/^Token name/), "Laptops");
    await user.click(screen.getByRole("button", { name: "Create install command" }));

    expect((await screen.findByTestId("install-command-linux")).textContent).toBe(commands.linux);
    expect(screen.getByTestId("install-command-mac").textContent).toBe(commands.mac);
    expect(screen.getByTestId("install-command-windows").textContent).toBe(commands.windows);
    expect(screen.getByRole("button", { name: "Copy Linux command" })).toBeTruthy();
    // What the commands check, shown for a technician who verifies by hand.
    expect(screen.getByTestId("server-key-fingerprint").textContent).toBe(pins.serverKeyFingerprint);
    expect(screen.getByTestId("agent-sha256").textContent).toBe(pins.agentSha256);
    expect(screen.getByRole("button", { name: "Copy Windows command" })).toBeTruthy();
    expect(
      screen.getAllByText(/Node\.js 20 or later must be installed on the device/).length,
    ).toBeGreaterThan(0);
    expect(sent).toEqual({ locationId: 11, name: "Laptops", expiresInHours: 168, maxUses: null });
  });

  it("lists the self-contained agents and packages with their SHA-256 and drops Node.js from the requirements", async () => {
    const artifacts = [
      {
        file: "steward-agent-linux-x64",
        kind: "binary",
        target: "linux-x64",
        size: 101_000_000,
        sha256: "1".repeat(64),
      },
      {
        file: "steward-agent_0.1.0_amd64.deb",
        kind: "deb",
        target: null,
        size: 35_000_000,
        sha256: "2".repeat(64),
      },
      {
        file: "steward-agent-0.1.0-x64.msi",
        kind: "msi",
        target: null,
        size: 30_000_000,
        sha256: "3".repeat(64),
      },
    ];
    const { user } = renderPage({
      "GET /api/agent/downloads": () =>
        json(200, {
          built: true,
          version: "0.1.0",
          builtAt: "2026-11-24T15:00:00.000Z",
          downloadBase: "http://localhost:8081/agent/v1/download",
          artifacts,
        }),
      "GET /api/organizations/1/enrollment-tokens": () => json(200, { items: [] }),
      "POST /api/organizations/1/enrollment-tokens": () =>
        json(201, {
          token: aToken({ id: 8 }),
          secret: "s3cret",
          agentServerUrl: "http://localhost:8081",
          ...pins,
          commands,
        }),
    });
    const table = await screen.findByTestId("agent-downloads");
    for (const a of artifacts) {
      const row = within(table).getByTestId(`artifact-${a.file}`);
      expect(row.textContent).toContain(a.sha256);
      expect(within(row).getByRole("link", { name: a.file }).getAttribute("href")).toBe(
        `http://localhost:8081/agent/v1/download/${a.file}`,
      );
    }
    expect(within(table).getByText("Debian package")).toBeTruthy();
    expect(within(table).getByRole("link", { name: /SHA256SUMS/ })).toBeTruthy();
    expect(screen.queryByText(/steward-agent\.mjs/)).toBeNull();
    await screen.findByText("No enrollment tokens yet");
    await user.type(screen.getByLabelText(/^Token name/), "Laptops");
    await user.click(screen.getByRole("button", { name: "Create install command" }));
    await screen.findByTestId("install-command-linux");
    expect(screen.queryByText(/Node\.js/)).toBeNull();
    expect(screen.getAllByText(/Nothing needs to be installed first/).length).toBeGreaterThan(0);
  });

  it("keeps a token name typed while the organization's locations are still loading", async () => {
    let release: () => void = () => undefined;
    const locationsLoaded = new Promise<void>((resolve) => (release = resolve));
    let sent: unknown;
    const { user } = renderPage({
      "GET /api/organizations/1": async () => {
        await locationsLoaded;
        return json(200, anOrganizationDetail());
      },
      "GET /api/organizations/1/enrollment-tokens": () => json(200, { items: [] }),
      "POST /api/organizations/1/enrollment-tokens": ({ body }) => {
        sent = body;
        return json(201, {
          token: aToken(),
          secret: "s",
          agentServerUrl: "http://h:8081",
          ...pins,
          commands,
        });
      },
    });
    await user.type(await screen.findByLabelText(/^Token name/), "Front desk");
    release();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Create install command" }).hasAttribute("disabled")).toBe(
        false,
      ),
    );
    expect((screen.getByLabelText(/^Token name/) as HTMLInputElement).value).toBe("Front desk");
    await user.click(screen.getByRole("button", { name: "Create install command" }));
    await waitFor(() => expect(sent).toMatchObject({ name: "Front desk" }));
  });

  it("lists tokens with state, uses and expiry, shows a command again and revokes", async () => {
    const calls: string[] = [];
    const { user } = renderPage({
      "GET /api/organizations/1/enrollment-tokens": () =>
        json(200, { items: [aToken(), aToken({ id: 9, name: "Old", state: "REVOKED", maxUses: null })] }),
      "GET /api/enrollment-tokens/7/secret": () =>
        json(200, { token: aToken(), secret: "x", agentServerUrl: "http://h:8081", ...pins, commands }),
      "POST /api/enrollment-tokens/7/revoke": ({ url }) => {
        calls.push(url.pathname);
        return json(200, aToken({ state: "REVOKED" }));
      },
    });
    const row = await screen.findByTestId("token-row-7");
    expect(within(row).getByText("Active")).toBeTruthy();
    expect(within(row).getByText("2 / 5")).toBeTruthy();
    expect(within(screen.getByTestId("token-row-9")).getByText("2 / unlimited")).toBeTruthy();
    expect(within(screen.getByTestId("token-row-9")).getByText("Revoked")).toBeTruthy();
    // A revoked token offers no actions.
    expect(screen.queryByRole("button", { name: "Revoke Old" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Show command for Front desk" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("install-command-mac").textContent).toBe(commands.mac);
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Revoke Front desk" }));
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(calls).toEqual(["/api/enrollment-tokens/7/revoke"]));
  });
});

describe("DownloadsPage in German", () => {
  it("speaks German with German dates and numbers, in the tokens, the form and the install commands", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const { user } = renderPage({
      "GET /api/organizations/1/enrollment-tokens": () =>
        json(200, {
          items: [
            aToken({ useCount: 1234, maxUses: null, lastUsedAt: "2025-11-23T17:05:00.000Z" }),
            aToken({ id: 9, name: "", state: "EXHAUSTED", useCount: 5 }),
          ],
        }),
      "POST /api/organizations/1/enrollment-tokens": () =>
        json(201, {
          token: aToken({ id: 8 }),
          secret: "s3cret",
          agentServerUrl: "http://localhost:8081",
          ...pins,
          agentSha256: null,
          commands,
        }),
    });
    const row = await screen.findByTestId("token-row-7");
    expect(screen.getByRole("heading", { name: "Registrierungstoken" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Nutzungen" })).toBeTruthy();
    expect(within(row).getByText("Aktiv")).toBeTruthy();
    expect(within(row).getByText("Erstellt 22.11.2025, 10:00")).toBeTruthy();
    expect(within(row).getByText("Läuft ab 29.11.2025, 10:00")).toBeTruthy();
    expect(within(row).getByText("1.234 / unbegrenzt")).toBeTruthy();
    expect(within(row).getByText("Zuletzt 23.11.2025, 18:05")).toBeTruthy();
    const unnamed = screen.getByTestId("token-row-9");
    expect(within(unnamed).getByText("Token 9")).toBeTruthy();
    expect(within(unnamed).getByText("Aufgebraucht")).toBeTruthy();
    expect(within(unnamed).getByText("Nie verwendet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Befehl für Front desk anzeigen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Front desk widerrufen" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Agent herunterladen" })).toBeTruthy();
    expectNoEnglish(document.body, "library.");

    await user.click(screen.getByRole("textbox", { name: "Gültig für" }));
    expect(
      within(await screen.findByRole("listbox"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1 Tag", "7 Tage", "30 Tage", "90 Tage", "1 Jahr"]);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Installationsbefehl erstellen" }));
    expect(await screen.findByTestId("install-command-linux")).toBeTruthy();
    expect(screen.getByTestId("agent-sha256").textContent).toBe(
      "nicht verfügbar (der Agent wurde nicht gebaut)",
    );
    expect(screen.getByRole("button", { name: "Linux-Befehl kopieren" })).toBeTruthy();
    expect(screen.getByText("In einem Terminal ausführen; fragt nach sudo.")).toBeTruthy();
    expectNoEnglish(document.body, "library.");
  });
});
