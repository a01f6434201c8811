import { expect } from "vitest";
import { base32Decode, totp } from "../platform/crypto/index.js";
import { TestClient, type TestContext } from "./test-app.js";

/** The code an authenticator app would show for this secret at this moment. */
export function codeFor(secret: string, atMs = Date.now()): string {
  return totp(base32Decode(secret), atMs / 1000);
}

export const ADMIN_PASSWORD = "a long enough passphrase 1";

/**
 * Runs the real first-run flow through the API: setup → TOTP enrollment → confirm.
 * Returns a fully signed-in client and what a person would have written down.
 */
export async function setupAdminViaApi(ctx: TestContext, email = "admin@example.test") {
  const client = new TestClient(ctx.app);
  const setup = await client.post("/api/setup", {
    email,
    password: ADMIN_PASSWORD,
    firstName: "Ada",
    lastName: "Admin",
    companyName: "Acme MSP",
  });
  expect(setup.statusCode, setup.body).toBe(201);
  const enroll = await client.post("/api/auth/mfa/totp/enroll");
  expect(enroll.statusCode, enroll.body).toBe(200);
  const secret = (enroll.json() as { secret: string }).secret;
  const confirm = await client.post("/api/auth/mfa/totp/confirm", { code: codeFor(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const recoveryCodes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
  return { client, secret, email, password: ADMIN_PASSWORD, recoveryCodes };
}
