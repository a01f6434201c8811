// Single sign-on in a real browser against the built server and a real OpenID provider on
// loopback: the administrator sets the provider up on Administration › Users › Single sign-on
// (the secret shows only as set afterwards), then a technician nobody created yet clicks
// "Sign in with <provider>", passes the provider and lands on the console's second-factor
// enrollment as a new technician; a person of an unmapped group is sent back with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import { SETUP_TIMEOUT, atPath, inConsole, newAdministrator, visible } from "./support/console.js";
import { fitsWidth, journeyPage } from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";
import { startLoopbackProvider, type LoopbackProvider } from "../apps/server/src/testing/oidc-provider.js";

let server: RunningServer;
let provider: LoopbackProvider;
let browser: Browser;
let admin: Page;
const pageErrors: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/sso-${name}.png`, fullPage: true });
}

beforeAll(async () => {
  server = await startServer();
  provider = await startLoopbackProvider([`${server.url}/api/auth/sso/callback`]);
  browser = await launchBrowser();
  admin = await journeyPage(browser, server.url, pageErrors);
  await newAdministrator(admin);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await server?.stop();
});

describe("single sign-on journey", { timeout: 240_000 }, () => {
  it("sets the provider up from Administration › Users, with the secret shown only as set", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-settings");
      console.error(`server output:\n${server.output()}`);
    });
    await admin.goto("/administration/users/technicians");
    await inConsole(admin);
    await admin
      .getByRole("tab", { name: "Single sign-on" })
      .or(admin.getByRole("link", { name: "Single sign-on" }))
      .first()
      .click();
    await atPath(admin, "/administration/users/singleSignOn");
    await visible(admin.getByRole("heading", { name: "Single sign-on", exact: true }));
    await visible(admin.getByText("No group is mapped yet."));

    await admin.getByLabel("Provider name").fill("Loopback ID");
    await admin.getByLabel("Issuer URL").fill(provider.issuer);
    await admin.getByLabel("Client ID").fill(provider.clientId);
    await admin.getByLabel(/^Client secret/).fill(provider.clientSecret);
    await admin.getByLabel("Scopes").fill("openid email profile groups");
    await admin.getByRole("button", { name: "Add mapping" }).click();
    await admin.getByRole("textbox", { name: "Group", exact: true }).fill("helpdesk");
    await admin.getByRole("textbox", { name: "Role", exact: true }).click();
    await admin.getByRole("option", { name: "Helpdesk" }).click();
    await admin
      .getByRole("switch", { name: "Create technicians at their first sign-in" })
      .check({ force: true });
    await admin
      .getByRole("switch", { name: "Offer single sign-on on the sign-in page" })
      .check({ force: true });
    await admin.getByRole("button", { name: "Save" }).click();
    await visible(admin.getByText("Single sign-on settings saved"));
    await visible(admin.getByText("Set", { exact: true }));
    expect(await admin.getByLabel(/^Client secret/).inputValue()).toBe("");
    expect(await admin.content()).not.toContain(provider.clientSecret);
    await fitsWidth(admin);
    await shot(admin, "settings");
    expect(pageErrors).toEqual([]);
  });

  it("signs a new technician in through the provider, on to the console's second factor", async ({
    onTestFailed,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    onTestFailed(async () => {
      await shot(page, "failed-sign-in");
      console.error(`server output:\n${server.output()}`);
    });
    provider.accounts.set("newcomer", {
      email: "newcomer@example.test",
      email_verified: true,
      given_name: "Nia",
      family_name: "New",
      groups: ["helpdesk"],
    });
    provider.nextLogin = { accountId: "newcomer", amr: ["pwd"] };
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Loopback ID" }).click();
    await atPath(page, "/mfa/enroll");
    await shot(page, "enroll");

    // Someone whose groups map to no role is refused, with the reason on the sign-in page.
    await context.clearCookies();
    provider.accounts.set("outsider", {
      email: "outsider@example.test",
      email_verified: true,
      groups: ["sales"],
    });
    provider.nextLogin = { accountId: "outsider", amr: ["pwd"] };
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Loopback ID" }).click();
    await atPath(page, "/login");
    await visible(page.getByText("None of your identity provider groups is mapped to a Steward role."));
    await shot(page, "refused");
    await context.close();
  });
});
