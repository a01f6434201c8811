import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { authKeys, useSessionQuery } from "../api";
import { SessionExpiryWatcher } from "./SessionExpiryWatcher";
import { SessionRedirect } from "./SessionRedirect";

/** What the app's route guard does: watch while signed in, redirect once the session is gone. */
function Watched() {
  const { data } = useSessionQuery();
  if (!data) return null;
  return data.state === "authenticated" ? (
    <SessionExpiryWatcher session={data} />
  ) : (
    <SessionRedirect session={data} from="/somewhere" />
  );
}

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { notice?: string; from?: string } | null;
  return (
    <p>
      login page: {state?.notice ?? "none"} from {state?.from ?? "nowhere"}
    </p>
  );
}

const minutes = (n: number) => n * 60_000;

function setup(idleInMs: number) {
  const session = authenticatedSession({ idleExpiresAt: new Date(Date.now() + idleInMs).toISOString() });
  const fetchMock = mockFetch({
    "GET /api/auth/session": () => json(200, session),
    "POST /api/auth/keepalive": () =>
      json(200, authenticatedSession({ idleExpiresAt: new Date(Date.now() + minutes(60)).toISOString() })),
    "POST /api/auth/logout": () => new Response(null, { status: 204 }),
  });
  const result = renderApp(null, {
    routes: [
      { path: "/login", element: <LoginProbe /> },
      { path: "*", element: <Watched /> },
    ],
  });
  signIn(result.queryClient, session);
  return { ...result, fetchMock };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("SessionExpiryWatcher", () => {
  it("warns 5 minutes before the idle limit with a countdown, and 'Stay signed in' extends the session", async () => {
    const { fetchMock } = setup(minutes(8));
    await advance(minutes(2));
    expect(screen.queryByText("Are you still there?")).toBeNull();

    await advance(minutes(1) + 1_000);
    expect(screen.getByText("Are you still there?")).toBeTruthy();
    expect(screen.getByText(/signed out in 4 min 59 s because of inactivity/)).toBeTruthy();
    await advance(10_000);
    expect(screen.getByText(/signed out in 4 min 49 s/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Stay signed in" }));
    await advance(100);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === "/api/auth/keepalive" && init?.method === "POST",
      ),
    ).toBe(true);
    expect(screen.queryByText("Are you still there?")).toBeNull();
    // The fresh session moved the deadline: nothing happens at the old one.
    await advance(minutes(6));
    expect(screen.queryByText(/login page/)).toBeNull();
  });

  it("does not warn when the server says the session was extended meanwhile", async () => {
    const { queryClient } = setup(minutes(6));
    const extended = authenticatedSession({
      idleExpiresAt: new Date(Date.now() + minutes(60)).toISOString(),
    });
    mockFetch({ "GET /api/auth/session": () => json(200, extended) });
    await advance(minutes(1) + 1_000);
    expect(screen.queryByText("Are you still there?")).toBeNull();
    expect(queryClient.getQueryData(authKeys.session())).toEqual(extended);
  });

  it("sends the user to sign-in with 'session expired' at the idle limit", async () => {
    setup(minutes(6));
    await advance(minutes(6) + 1_000);
    // They come back to where they were after signing in again.
    expect(screen.getByText("login page: expired from /somewhere")).toBeTruthy();
  });

  it("signs out from the warning", async () => {
    const { fetchMock } = setup(minutes(5) - 1_000);
    await advance(1_000);
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await advance(100);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/auth/logout")).toBe(true);
    expect(screen.getByText("login page: signedOut from nowhere")).toBeTruthy();
  });
});
