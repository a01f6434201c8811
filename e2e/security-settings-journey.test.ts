// Security settings and step-up in a real browser against the built server: the administrator
// reaches the page from Administration › Users, shortens the step-up window, and once the
// confirmation is older than the window a change opens the second-factor prompt; after the code
// the change is sent again and saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import { SETUP_TIMEOUT, atPath, inConsole, newAdministrator, visible } from "./support/console.js";
import { fitsWidth, journeyPage } from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";
import { freshCode } from "./support/totp.js";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let authenticator: Awaited<ReturnType<typeof newAdministrator>>;
const pageErrors: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/security-settings-${name}.png`, fullPage: true });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await journeyPage(browser, server.url, pageErrors);
  authenticator = await newAdministrator(admin);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("security settings journey", { timeout: 240_000 }, () => {
  it("reaches the page from Administration › Users and saves a shorter step-up window", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-page");
      console.error(`server output:\n${server.output()}`);
    });
    await admin.goto("/administration/users/technicians");
    await inConsole(admin);
    await admin
      .getByRole("tab", { name: "Security settings" })
      .or(admin.getByRole("link", { name: "Security settings" }))
      .first()
      .click();
    await atPath(admin, "/administration/users/securitySettings");
    await visible(admin.getByRole("heading", { name: "Security settings", exact: true }));
    const window = admin.getByLabel("Ask for the second factor again after (minutes)");
    await expect.poll(() => window.inputValue()).toBe("15");
    await fitsWidth(admin);
    await shot(admin, "page");

    await window.fill("1");
    await admin.getByRole("button", { name: "Save" }).click();
    await visible(admin.getByText("Security settings saved"));
    expect(pageErrors).toEqual([]);
  });

  it("asks for the second factor when the confirmation is older than the window, then saves", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-step-up");
      console.error(`server output:\n${server.output()}`);
    });
    // The window is one minute now: let the sign-in confirmation grow older than it.
    await admin.waitForTimeout(62_000);
    const idle = admin.getByLabel("Sign out after inactivity (minutes)");
    await idle.fill("45");
    await admin.getByRole("button", { name: "Save" }).click();
    const prompt = await visible(admin.getByRole("dialog", { name: "Confirm it's you" }));
    await shot(admin, "step-up-prompt");
    await prompt
      .getByLabel("Authentication code")
      .fill(await freshCode(authenticator.secret, authenticator.lastUsedStep));
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await visible(admin.getByText("Security settings saved"));
    // Saved on the server, as the retried request sent it.
    const saved = await admin.evaluate(async () => (await fetch("/api/settings/security")).json());
    expect(saved).toMatchObject({ sessionIdleMinutes: 45, stepUpWindowMinutes: 1 });
    expect(pageErrors).toEqual([]);
  });
});
