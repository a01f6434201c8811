import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderApp } from "../../../test/render";
import { MfaVerifyPage } from "./MfaVerifyPage";
import { DuoCallbackPage } from "./DuoCallbackPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = {
  id: 1,
  email: "ada@example.test",
  firstName: "Ada",
  lastName: "Admin",
  isSystemAdmin: true,
  permissions: [],
};
const times = { idleExpiresAt: "2030-01-01T00:00:00Z", absoluteExpiresAt: "2030-01-01T00:00:00Z" };
const pending = (factors: string[]) =>
  json(200, { state: "mfa-verification", user, csrfToken: "c", factors, ...times });
const authenticated = { state: "authenticated", user, csrfToken: "d", ...times };

describe("MFA prompt", () => {
  it("offers the enrolled factors; an SMS code is checked on blur without a message, then verified", async () => {
    const verified = vi.fn();
    mockFetch({
      "GET /api/auth/session": () => pending(["TOTP", "SMS", "DUO"]),
      "POST /api/auth/mfa/sms/send": () =>
        json(200, { to: "•••789", expiresAt: "2030-01-01T00:00:00Z", resendAfterSeconds: 30 }),
      "POST /api/auth/mfa/sms/verify": ({ body }) => {
        verified(body);
        return json(200, { session: authenticated });
      },
    });
    const u = userEvent.setup();
    renderApp(<MfaVerifyPage />, { initialPath: "/mfa/verify" });
    for (const method of ["Authenticator app", "Text message", "Duo"])
      expect(await screen.findByText(method, { exact: true })).toBeTruthy();
    await u.click(screen.getByText("Text message", { exact: true }));
    await u.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Code sent to •••789.")).toBeTruthy();
    const field = screen.getByLabelText("Authentication code");
    await u.type(field, "12");
    fireEvent.blur(field);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    await u.type(field, "3456");
    await u.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(verified).toHaveBeenCalledWith({ code: "123456" }));
  });

  it("shows 'Waiting on Duo verification' while leaving for Duo", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockFetch({
      "GET /api/auth/session": () => pending(["DUO"]),
      "POST /api/auth/mfa/duo/start": () =>
        json(200, { authorizeUrl: "https://duo.example/oauth/v1/authorize?x" }),
    });
    renderApp(<MfaVerifyPage />, { initialPath: "/mfa/verify" });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Continue with Duo" }));
    expect(await screen.findByText("Waiting on Duo verification")).toBeTruthy();
    expect(assign).toHaveBeenCalledWith("https://duo.example/oauth/v1/authorize?x");
  });
});

describe("Duo return page", () => {
  it("waits on Duo, then shows a denial with a way back", async () => {
    let answer: (r: Response) => void = () => undefined;
    const sent = vi.fn();
    mockFetch({
      "GET /api/auth/session": () => pending(["DUO"]),
      "POST /api/auth/mfa/duo/complete": ({ body }) => {
        sent(body);
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    renderApp(<DuoCallbackPage />, { initialPath: "/mfa/duo?state=s".padEnd(40, "x") + "&duo_code=abc" });
    expect(await screen.findByText("Waiting on Duo verification")).toBeTruthy();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toMatchObject({ code: "abc" });
    answer(json(401, { code: "E_MFA_DENIED", message: "The verification was denied", requestId: "r" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/denied/);
    expect(screen.getByRole("link", { name: "Back to verification" })).toBeTruthy();
  });
});
