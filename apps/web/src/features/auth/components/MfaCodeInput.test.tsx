import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionResponse } from "@steward/contracts";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { MfaVerifyPage } from "../pages/MfaVerifyPage";
import { MfaCodeInput, isCodeWellFormed } from "./MfaCodeInput";

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness() {
  const [code, setCode] = useState("");
  return (
    <>
      <MfaCodeInput value={code} onChange={setCode} />
      <button type="button">elsewhere</button>
    </>
  );
}

describe("isCodeWellFormed", () => {
  it("accepts six digits (spaces tolerated) and nothing else", () => {
    expect(isCodeWellFormed("123456")).toBe(true);
    expect(isCodeWellFormed("123 456")).toBe(true);
    expect(isCodeWellFormed("12345")).toBe(false);
    expect(isCodeWellFormed("1234567")).toBe(false);
    expect(isCodeWellFormed("12a456")).toBe(false);
  });
});

describe("MfaCodeInput", () => {
  it("is validated on blur and shows no message", async () => {
    const user = userEvent.setup();
    const { container } = renderApp(<Harness />);
    const input = screen.getByLabelText("Authentication code");
    await user.type(input, "123");
    expect(input.getAttribute("aria-invalid")).toBe("false");
    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    expect(input.getAttribute("aria-invalid")).toBe("true");
    // Marked invalid, but no text explains it.
    expect(container.querySelector(".mantine-InputWrapper-error")).toBeNull();
    expect(screen.queryByText(/6-digit|invalid|digits/i)).toBeNull();
  });

  it("keeps only digits and spaces", async () => {
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>("Authentication code");
    await user.type(input, "12ab3-4");
    expect(input.value).toBe("1234");
  });
});

const verificationSession: SessionResponse = {
  state: "mfa-verification",
  user: adminUser,
  csrfToken: "csrf-1",
  factors: ["TOTP"],
  idleExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
  absoluteExpiresAt: new Date(Date.now() + 86400_000).toISOString(),
};

function renderVerify() {
  const result = renderApp(null, {
    routes: [
      { path: "/mfa/verify", element: <MfaVerifyPage /> },
      { path: "*", element: <p>signed in page</p> },
    ],
    initialPath: "/mfa/verify",
  });
  signIn(result.queryClient, verificationSession);
  return result;
}

describe("MFA prompt", () => {
  it("disables Verify until the code is well formed, without any message", async () => {
    mockFetch({ "GET /api/auth/session": () => json(200, verificationSession) });
    const user = userEvent.setup();
    renderVerify();
    const input = await screen.findByLabelText("Authentication code");
    const verify = screen.getByRole<HTMLButtonElement>("button", { name: "Verify" });
    expect(verify.disabled).toBe(true);
    await user.type(input, "12345");
    expect(verify.disabled).toBe(true);
    await user.tab();
    expect(screen.queryByRole("alert")).toBeNull();
    await user.type(input, "6");
    expect(verify.disabled).toBe(false);
  });

  it("shows the server's E_MFA_INVALID_CODE", async () => {
    mockFetch({
      "GET /api/auth/session": () => json(200, verificationSession),
      "POST /api/auth/mfa/verify": () =>
        json(401, { code: "E_MFA_INVALID_CODE", message: "Invalid code", requestId: "r" }),
    });
    const user = userEvent.setup();
    renderVerify();
    await user.type(await screen.findByLabelText("Authentication code"), "123456{Enter}");
    expect((await screen.findByRole("alert")).textContent).toMatch(/That code is not valid/);
  });

  it("shows E_LOCKED_OUT with the retry time and keeps Verify disabled", async () => {
    mockFetch({
      "GET /api/auth/session": () => json(200, verificationSession),
      "POST /api/auth/mfa/verify": () =>
        json(429, {
          code: "E_LOCKED_OUT",
          message: "Locked",
          details: { retryAfterSeconds: 90 },
          requestId: "r",
        }),
    });
    const user = userEvent.setup();
    renderVerify();
    await user.type(await screen.findByLabelText("Authentication code"), "123456{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/Too many failed attempts/);
    expect(alert.textContent).toMatch(/Try again in 1 min (30|29) s/);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Verify" }).disabled).toBe(true);
  });

  it("sends the code and continues once the session is authenticated", async () => {
    let sent: unknown;
    let verified = false;
    mockFetch({
      "GET /api/auth/session": () => json(200, verified ? authenticatedSession() : verificationSession),
      "POST /api/auth/mfa/verify": ({ body, headers }) => {
        sent = body;
        expect(headers.get("x-csrf-token")).toBe("csrf-1");
        verified = true;
        return json(200, { ok: true });
      },
    });
    const user = userEvent.setup();
    renderVerify();
    // The CSRF token comes from the session the page reads.
    await user.type(await screen.findByLabelText("Authentication code"), "123 456{Enter}");
    expect(await screen.findByText("signed in page")).toBeTruthy();
    expect(sent).toEqual({ code: "123456" });
  });
});
