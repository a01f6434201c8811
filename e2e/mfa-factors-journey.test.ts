// Security keys as a second factor, in Chromium with the DevTools virtual authenticator against
// the real built server: the administrator registers two keys under Account > Security, signs in
// with each, sees the hardware failure message with Retry when the browser's ceremony fails, and
// a removed key no longer signs in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  inConsole,
  need,
  newAdministrator,
  signOut,
  submitPassword,
  visible,
} from "./support/console.js";
import { fitsWidth, journeyPage } from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";

const HARDWARE_FAILED = "Hardware MFA authentication failed or was cancelled";

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string | undefined;
const pageErrors: string[] = [];
const keys: Record<string, VirtualCredential> = {};

/** Screenshots to look at: /tmp/mfa-factors-<name>.png. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/mfa-factors-${name}.png`, fullPage: true });
}

/** Plugs in a fresh virtual key (the previous one unplugged), holding the given credentials. */
async function plugKey(credentials: VirtualCredential[] = []): Promise<void> {
  if (authenticatorId) await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  const added = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "usb",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  authenticatorId = added.authenticatorId;
  for (const credential of credentials)
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
}

async function credentialsOnKey(): Promise<VirtualCredential[]> {
  const { credentials } = await cdp.send("WebAuthn.getCredentials", {
    authenticatorId: need(authenticatorId, "key"),
  });
  return credentials as VirtualCredential[];
}

async function registerKey(name: string): Promise<void> {
  await page.goto("/account/security");
  await page.getByRole("button", { name: "Add security key" }).click();
  const field = await visible(page.getByLabel("Key name"));
  await field.fill(name);
  await page.getByRole("button", { name: "Register security key" }).click();
  await visible(page.getByRole("cell", { name, exact: true }));
}

/** Password, then the prompt's security-key method. */
async function toKeyPrompt(): Promise<void> {
  await page.goto("/login");
  await submitPassword(page, ADMIN);
  await atPath(page, "/mfa/verify");
  await page.getByText("Security key", { exact: true }).click();
  await visible(page.getByRole("button", { name: "Use security key" }));
}

beforeAll(async () => {
  server = await startServer({}, { publicHost: "localhost" });
  browser = await launchBrowser();
  page = await journeyPage(browser, server.url, pageErrors);
  cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await newAdministrator(page);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("security keys", () => {
  it(
    "registers two named keys under Account > Security",
    async () => {
      await plugKey();
      await registerKey("Key A");
      keys.a = need((await credentialsOnKey())[0], "credential of key A");
      await plugKey();
      await registerKey("Key B");
      keys.b = need((await credentialsOnKey())[0], "credential of key B");
      expect(keys.a.credentialId).not.toBe(keys.b.credentialId);
      await expect(page.locator('tr[data-factor-type="U2F"]').count()).resolves.toBe(2);
      await fitsWidth(page);
      await shot("account-security");
    },
    STEP_TIMEOUT * 3,
  );

  it(
    "shows the hardware failure with Retry when the ceremony fails, then signs in with key A",
    async () => {
      await signOut(page);
      // A key holding no registered credential: the browser's call fails.
      await plugKey();
      await toKeyPrompt();
      await page.getByRole("button", { name: "Use security key" }).click();
      await visible(page.getByText(HARDWARE_FAILED, { exact: true }));
      await shot("hardware-failed");
      await plugKey([need(keys.a, "key A")]);
      await page.getByRole("button", { name: "Retry" }).click();
      await inConsole(page);
    },
    STEP_TIMEOUT * 3,
  );

  it(
    "signs in with key B",
    async () => {
      await signOut(page);
      await plugKey([need(keys.b, "key B")]);
      await toKeyPrompt();
      await page.getByRole("button", { name: "Use security key" }).click();
      await inConsole(page);
    },
    STEP_TIMEOUT * 3,
  );

  it(
    "no longer signs in with a removed key",
    async () => {
      await page.goto("/account/security");
      await page.getByRole("button", { name: "Remove Key A" }).click();
      await page.getByRole("button", { name: "Remove", exact: true }).click();
      await page.getByRole("cell", { name: "Key A", exact: true }).waitFor({ state: "detached" });
      await signOut(page);
      await plugKey([need(keys.a, "key A")]);
      await toKeyPrompt();
      await page.getByRole("button", { name: "Use security key" }).click();
      await visible(page.getByText(HARDWARE_FAILED, { exact: true }));
      expect(new URL(page.url()).pathname).toBe("/mfa/verify");
      expect(pageErrors).toEqual([]);
    },
    STEP_TIMEOUT * 3,
  );
});
