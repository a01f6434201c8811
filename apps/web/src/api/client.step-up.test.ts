import { afterEach, describe, expect, it, vi } from "vitest";
import { api, isApiError, setCsrfToken, setStepUpHandler } from "./client";

const stepUp = {
  code: "E_STEP_UP_REQUIRED",
  message: "Confirm your identity with your second factor to continue",
};

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function stubSequence(...responses: Response[]) {
  const mock = vi.fn(async () => responses.shift() ?? respond(500, { code: "E_HTTP", message: "no more" }));
  vi.stubGlobal("fetch", mock);
  return mock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
  setStepUpHandler(null);
});

describe("step-up prompt in the api client", () => {
  it("opens the prompt on E_STEP_UP_REQUIRED and sends the action again once, with the new CSRF token", async () => {
    setCsrfToken("old");
    const fetchMock = stubSequence(respond(403, stepUp), respond(204));
    const prompt = vi.fn(async () => {
      // Confirming rotates the session: the retry must carry the new token.
      setCsrfToken("new");
      return true;
    });
    setStepUpHandler(prompt);
    await expect(api.delete("/devices/7")).resolves.toBeUndefined();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const tokens = fetchMock.mock.calls.map(
      (call) =>
        ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)["x-csrf-token"],
    );
    expect(tokens).toEqual(["old", "new"]);
  });

  it("retries only once: a second refusal reaches the caller without another prompt", async () => {
    const fetchMock = stubSequence(respond(403, stepUp), respond(403, stepUp));
    const prompt = vi.fn(async () => true);
    setStepUpHandler(prompt);
    const error = await api.put("/settings/security", {}).catch((e: unknown) => e);
    expect(isApiError(error, "E_STEP_UP_REQUIRED")).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not send the action again when the prompt is cancelled", async () => {
    const fetchMock = stubSequence(respond(403, stepUp), respond(204));
    setStepUpHandler(async () => false);
    const error = await api.delete("/devices/7").catch((e: unknown) => e);
    expect(isApiError(error, "E_STEP_UP_REQUIRED")).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks once for requests refused together", async () => {
    stubSequence(respond(403, stepUp), respond(403, stepUp), respond(204), respond(204));
    let release: (ok: boolean) => void = () => {};
    const prompt = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    setStepUpHandler(prompt);
    const both = Promise.all([api.delete("/devices/1"), api.delete("/devices/2")]);
    await vi.waitFor(() => expect(prompt).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 10));
    release(true);
    await expect(both).resolves.toEqual([undefined, undefined]);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it("leaves other errors alone", async () => {
    const fetchMock = stubSequence(respond(403, { code: "E_FORBIDDEN", message: "Forbidden" }));
    const prompt = vi.fn(async () => true);
    setStepUpHandler(prompt);
    const error = await api.delete("/devices/7").catch((e: unknown) => e);
    expect(isApiError(error, "E_FORBIDDEN")).toBe(true);
    expect(prompt).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
