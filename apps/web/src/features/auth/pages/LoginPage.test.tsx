import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderApp } from "../../../test/render";
import { LoginPage } from "./LoginPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const anonymous = () => json(200, { state: "anonymous", setupRequired: false });

async function submit() {
  const user = userEvent.setup();
  renderApp(<LoginPage />, { initialPath: "/login" });
  await user.type(await screen.findByLabelText("Email"), "ada@example.test");
  await user.type(screen.getByLabelText("Password"), "a long enough passphrase");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("shows one message for every refused sign-in (the server does not say which part was wrong)", async () => {
    mockFetch({
      "GET /api/auth/session": anonymous,
      "POST /api/auth/login": () =>
        json(401, { code: "E_INVALID_CREDENTIALS", message: "Incorrect email or password", requestId: "r" }),
    });
    await submit();
    expect((await screen.findByRole("alert")).textContent).toMatch(/The email or password is incorrect/);
  });

  it("counts down an E_RATE_LIMITED answer and keeps Sign in disabled meanwhile", async () => {
    mockFetch({
      "GET /api/auth/session": anonymous,
      "POST /api/auth/login": () =>
        json(429, {
          code: "E_RATE_LIMITED",
          message: "Too many sign-in attempts. Try again in 120 seconds.",
          details: { retryAfterSeconds: 120 },
          requestId: "r",
        }),
    });
    await submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/Too many failed attempts/);
    expect(alert.textContent).toMatch(/Try again in (2 min|1 min 59 s)/);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sign in" }).disabled).toBe(true);
  });
});
