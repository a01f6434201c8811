import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionResponse } from "@steward/contracts";
import { getLocaleSettings, setLocaleSettings } from "../../../i18n";
import { adminUser, json, mockFetch, renderApp } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { InvitePage } from "./InvitePage";
import { LoginPage } from "./LoginPage";
import { MfaVerifyPage } from "./MfaVerifyPage";
import { SetupPage } from "./SetupPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const anonymous = (setupRequired = false) => json(200, { state: "anonymous", setupRequired });

describe("sign-in pages in German", () => {
  it("switches the sign-in page to German with the language picker and remembers the choice", async () => {
    mockFetch({ "GET /api/auth/session": () => anonymous() });
    const user = userEvent.setup();
    renderApp(<LoginPage />, { initialPath: "/login" });
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();

    await user.click(screen.getByRole("textbox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Deutsch" }));

    expect(await screen.findByRole("heading", { name: "Anmelden" })).toBeTruthy();
    expect(screen.getByText("Melden Sie sich bei der Steward-Konsole an.")).toBeTruthy();
    expect(screen.getByLabelText("E-Mail")).toBeTruthy();
    expect(screen.getByLabelText("Passwort")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Anmelden" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Sprache" }) as HTMLInputElement).value).toBe("Deutsch");
    expect(getLocaleSettings().locale).toBe("de");
    // The next visit to the sign-in page starts in German.
    expect(localStorage.getItem("steward.locale")).toBe("de");
    expectNoEnglish(document.body, "auth.");
  });

  it("says a refused sign-in and a lockout in German, with the time of day as German writes it", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    let attempts = 0;
    mockFetch({
      "GET /api/auth/session": () => anonymous(),
      "POST /api/auth/login": () =>
        ++attempts === 1
          ? json(401, {
              code: "E_INVALID_CREDENTIALS",
              message: "Incorrect email or password",
              requestId: "r",
            })
          : json(429, {
              code: "E_RATE_LIMITED",
              message: "Too many sign-in attempts. Try again in 120 seconds.",
              details: { retryAfterSeconds: 120 },
              requestId: "r",
            }),
    });
    const user = userEvent.setup();
    renderApp(<LoginPage />, { initialPath: "/login" });
    // Nothing typed: the contract's messages, in German.
    await user.click(await screen.findByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Geben Sie eine gültige E-Mail-Adresse ein")).toBeTruthy();

    await user.type(screen.getByLabelText("E-Mail"), "ada@example.test");
    await user.type(screen.getByLabelText("Passwort"), "a long enough passphrase");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect((await screen.findByRole("alert")).textContent).toBe("E-Mail-Adresse oder Passwort ist falsch.");

    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    const alert = await screen.findByText(/Zu Ihrer Sicherheit ist die Anmeldung gesperrt/);
    expect(alert.textContent).toMatch(
      /^Zu Ihrer Sicherheit ist die Anmeldung gesperrt\. Versuchen Sie es in (2 min 00 s|1 min 59 s) erneut \(um \d{1,2}:\d{2}\)\.$/,
    );
    expect(screen.getByText("Zu viele fehlgeschlagene Versuche")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Anmelden" }).disabled).toBe(true);
    expectNoEnglish(document.body, "auth.");
  });

  it("sets up Steward in German: labels, help, the mandatory names and the password rule", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({ "GET /api/auth/session": () => anonymous(true) });
    const user = userEvent.setup();
    renderApp(<SetupPage />, { initialPath: "/setup" });
    expect(await screen.findByRole("heading", { name: "Steward einrichten" })).toBeTruthy();
    expect(screen.getByText("Mindestens 12 Zeichen.")).toBeTruthy();
    await user.type(screen.getByLabelText("Passwort"), "short");
    await user.click(screen.getByRole("button", { name: "Administrator anlegen" }));
    expect(await screen.findByText("Das Passwort muss mindestens 12 Zeichen lang sein")).toBeTruthy();
    expect(screen.getByLabelText("Vorname")).toBeTruthy();
    expect(screen.getByLabelText("Firmenname")).toBeTruthy();
    expect(
      screen.getByText("Diese Seite ist nur verfügbar, bis der erste Systemadministrator existiert."),
    ).toBeTruthy();
    expectNoEnglish(document.body, "auth.");
  });

  it("welcomes an invited technician in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/invites/abc": () =>
        json(200, { email: "grace@example.com", firstName: "Grace", lastName: "Hopper" }),
    });
    renderApp(null, {
      routes: [{ path: "/invite/:token", element: <InvitePage /> }],
      initialPath: "/invite/abc",
    });
    expect(await screen.findByRole("heading", { name: "Willkommen, Grace Hopper" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Passwort festlegen" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Sprache" })).toBeTruthy();
    expectNoEnglish(document.body, "auth.");
  });

  it("asks for the second factor in German and offers the recovery code", async () => {
    setLocaleSettings({ locale: "de" });
    const verification: SessionResponse = {
      state: "mfa-verification",
      user: adminUser,
      csrfToken: "c",
      factors: ["TOTP"],
      idleExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      absoluteExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    mockFetch({ "GET /api/auth/session": () => json(200, verification) });
    const user = userEvent.setup();
    renderApp(<MfaVerifyPage />, { initialPath: "/mfa/verify" });
    expect(await screen.findByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toBeTruthy();
    expect(screen.getByLabelText("Authentifizierungscode")).toBeTruthy();
    expect(screen.getByText(/Nicht Sie\?/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abmelden" })).toBeTruthy();
    await user.click(
      screen.getByRole("button", { name: "Stattdessen einen Wiederherstellungscode verwenden" }),
    );
    expect(screen.getByLabelText("Wiederherstellungscode")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Stattdessen meine Authentifizierungs-App verwenden" }),
    ).toBeTruthy();
    expectNoEnglish(document.body, "auth.");
  });
});
