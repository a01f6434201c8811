import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, setAuthFailureHandler, setCsrfToken } from "./client";
import { describeError } from "./describe-error";

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const init = { status, headers: { "content-type": "application/json", ...headers } };
  return new Response(
    body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body),
    init,
  );
}

function stub(response: Response | (() => Promise<Response>)) {
  const mock = vi.fn(typeof response === "function" ? response : async () => response);
  vi.stubGlobal("fetch", mock);
  return mock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
  setAuthFailureHandler(null);
});

describe("api client", () => {
  it("sends JSON with same-origin credentials and parses the answer", async () => {
    const fetchMock = stub(respond(200, { items: [] }));
    await expect(
      api.get("/organizations", { query: { page: 2, search: "acme", empty: "" } }),
    ).resolves.toEqual({
      items: [],
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/organizations?page=2&search=acme");
    expect(init.credentials).toBe("same-origin");
    expect(init.method).toBe("GET");
  });

  it("sends the session's CSRF token on every non-GET request, never on GET", async () => {
    setCsrfToken("tok-123");
    const fetchMock = stub(async () => respond(200, { ok: true }));
    await api.get("/settings/general");
    await api.post("/organizations", { name: "Acme" });
    await api.patch("/organizations/1", { name: "B" });
    await api.delete("/organizations/1");
    const headers = fetchMock.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(headers[0]?.["x-csrf-token"]).toBeUndefined();
    expect(headers[1]?.["x-csrf-token"]).toBe("tok-123");
    expect(headers[1]?.["content-type"]).toBe("application/json");
    expect(headers[2]?.["x-csrf-token"]).toBe("tok-123");
    expect(headers[3]?.["x-csrf-token"]).toBe("tok-123");
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body).toBe('{"name":"Acme"}');
  });

  it("returns undefined for 204 No Content", async () => {
    stub(respond(204));
    await expect(api.post("/auth/logout")).resolves.toBeUndefined();
  });

  it("raises ApiError with the server's code, message, details and request id", async () => {
    stub(
      respond(429, {
        code: "E_LOCKED_OUT",
        message: "Too many attempts",
        details: { retryAfterSeconds: 60 },
        requestId: "req-9",
      }),
    );
    const error = await api.post("/auth/login", { email: "a@b.co", password: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe("E_LOCKED_OUT");
    expect(apiError.status).toBe(429);
    expect(apiError.message).toBe("Too many attempts");
    expect(apiError.details).toEqual({ retryAfterSeconds: 60 });
    expect(apiError.requestId).toBe("req-9");
  });

  it("turns a body without a code into E_HTTP with the status", async () => {
    stub(respond(502, "<html>Bad gateway</html>", { "content-type": "text/html", "x-request-id": "r-1" }));
    const error = (await api.get("/health").catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("E_HTTP");
    expect(error.status).toBe(502);
    expect(error.requestId).toBe("r-1");
    expect(describeError(error)).toContain("request r-1");
  });

  it("turns a failed connection into E_NETWORK", async () => {
    stub(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = (await api.get("/health").catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("E_NETWORK");
    expect(error.status).toBe(0);
    expect(describeError(error)).toMatch(/Could not reach the Steward server/);
  });

  it.each(["E_UNAUTHENTICATED", "E_SESSION_EXPIRED", "E_MFA_REQUIRED"] as const)(
    "hands a 401 %s to the auth failure handler and still rejects",
    async (code) => {
      const handler = vi.fn();
      setAuthFailureHandler(handler);
      stub(respond(401, { code, message: "no", requestId: "r" }));
      await expect(api.get("/organizations")).rejects.toMatchObject({ code });
      expect(handler).toHaveBeenCalledWith(code);
    },
  );

  it("does not redirect for other 401s, or when the caller opts out", async () => {
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    stub(async () => respond(401, { code: "E_INVALID_CREDENTIALS", message: "bad", requestId: "r" }));
    await expect(api.post("/auth/login", {})).rejects.toMatchObject({ code: "E_INVALID_CREDENTIALS" });
    stub(async () => respond(401, { code: "E_UNAUTHENTICATED", message: "no", requestId: "r" }));
    await expect(api.get("/auth/session", { redirectOnAuthFailure: false })).rejects.toMatchObject({
      code: "E_UNAUTHENTICATED",
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("does not redirect on 403", async () => {
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    stub(respond(403, { code: "E_FORBIDDEN", message: "no", requestId: "r" }));
    const error = (await api.get("/technicians").catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("E_FORBIDDEN");
    expect(describeError(error)).toMatch(/permission/);
    expect(handler).not.toHaveBeenCalled();
  });
});
