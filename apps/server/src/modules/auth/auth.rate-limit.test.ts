import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { createTestContext, signedInClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ authRateLimits: { perIpPerMinute: 3, perAccountPerMinute: 2 } });
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
const address = () => `10.20.0.${++n}`;

function post(url: string, payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: "POST", url, payload: payload as object, remoteAddress, headers });
}

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json();
  expect(body).toEqual({
    code: "E_RATE_LIMITED",
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
    messageId: "errors.http.tooManyRequests",
    messageValues: { seconds: body.details.retryAfterSeconds },
    details: { retryAfterSeconds: expect.any(Number) },
    requestId: expect.any(String),
  });
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.headers["content-security-policy"]).toBeDefined();
}

describe("rate limits on the endpoints that take credentials", () => {
  it("limits first-run setup per address, before the body is even read", async () => {
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await post("/api/setup", {}, ip)).statusCode).toBe(400);
    expectRateLimited(await post("/api/setup", {}, ip));
    // Another address is not affected.
    expect((await post("/api/setup", {}, address())).statusCode).toBe(400);
  });

  it("limits sign-in per address (any emails) and per account (any addresses)", async () => {
    const ip = address();
    for (let i = 0; i < 3; i++) {
      const res = await post(
        "/api/auth/login",
        { email: `x${i}@example.test`, password: "wrong password!!" },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expectRateLimited(
      await post("/api/auth/login", { email: "x9@example.test", password: "wrong password!!" }, ip),
    );

    const email = "target@example.test";
    for (let i = 0; i < 2; i++)
      expect(
        (await post("/api/auth/login", { email, password: "wrong password!!" }, address())).statusCode,
      ).toBe(401);
    // Same account, new address, the email typed in another case: still the same account.
    expectRateLimited(
      await post(
        "/api/auth/login",
        { email: "TARGET@example.test", password: "wrong password!!" },
        address(),
      ),
    );
  });

  it("limits MFA verification per signed-in user", async () => {
    const { client } = await signedInClient(ctx, { mfaVerified: false });
    const headers = { cookie: `steward_session=${client.cookie!}`, "x-csrf-token": client.csrfToken! };
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(await post("/api/auth/mfa/verify", { code: "123456" }, address(), headers));
    expect(codes.slice(0, 2).map((r) => r.statusCode)).toEqual([409, 409]);
    expectRateLimited(codes[2]!);
  });

  it("limits accepting one invitation, from any address", async () => {
    const url = "/api/invites/not-a-real-token-but-long-enough/accept";
    for (let i = 0; i < 2; i++)
      expect((await post(url, { password: "technician passphrase 1" }, address())).statusCode).not.toBe(429);
    expectRateLimited(await post(url, { password: "technician passphrase 1" }, address()));
  });

  it("leaves other endpoints alone", async () => {
    const ip = address();
    for (let i = 0; i < 6; i++)
      expect(
        (await ctx.app.inject({ method: "GET", url: "/api/health", remoteAddress: ip })).statusCode,
      ).toBe(200);
  });
});
