// Issue 2's walking skeleton, in a real browser against the real built server:
// fresh server → setup → TOTP enrollment → organization with a second location → system and
// customer dashboards → sign out → sign in with a new code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newPage, screenshot } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  continueAfterEnrollment,
  createOrganization,
  enrollTotp,
  inConsole,
  need,
  setUpAdministrator,
  signOut,
  submitPassword,
  visible,
  type Authenticator,
} from "./support/console.js";
import { startServer, type RunningServer } from "./support/server.js";
import { freshCode } from "./support/totp.js";

const ORG = {
  name: "Contoso Dental",
  description: "Three dental practices in the north of town",
  location: { name: "Harbour Clinic", address: "12 Quay Street, Portsmouth" },
};

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

// Filled by earlier steps; each step needs the ones before it.
let authenticator: Authenticator | undefined;
let orgId: number | undefined;

/** The number a dashboard stat card shows (its value carries the label "<Label>: <n>"). */
async function statValue(label: string): Promise<string> {
  const card = await visible(page.getByTestId(`stat-${label.toLowerCase()}`));
  const value = await visible(card.locator(`[aria-label^="${label}: "]`));
  return (await value.getAttribute("aria-label"))?.slice(label.length + 2) ?? "";
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  context = page.context();
  page.on("pageerror", (error) => pageErrors.push(error.message));
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("foundation journey", { timeout: 180_000 }, () => {
  it("sends a fresh server's visitor to setup, creates the administrator and enrolls TOTP", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await screenshot(page, "foundation-failed-setup");
    });

    await page.goto("/systemDashboard/overview");
    await atPath(page, "/setup");
    await visible(page.getByRole("heading", { name: "Set up Steward" }));
    await screenshot(page, "foundation-01-setup");

    await setUpAdministrator(page, ADMIN);
    await atPath(page, "/mfa/enroll");
    await visible(page.getByRole("img", { name: /QR code/ }));
    await screenshot(page, "foundation-02-enroll");
    // Nothing else is reachable before the factor is confirmed.
    const blocked = await page.request.get("/api/client/1");
    expect(blocked.status()).toBeGreaterThanOrEqual(401);
    expect(blocked.status()).toBeLessThan(404);

    const enrollment = await enrollTotp(page);
    expect(enrollment.recoveryCodes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(enrollment.recoveryCodes).size).toBe(enrollment.recoveryCodes.length);
    await screenshot(page, "foundation-03-recovery-codes");
    await continueAfterEnrollment(page);
    authenticator = enrollment;

    await visible(page.getByRole("heading", { name: "Get started", exact: true }));
    await visible(page.getByTestId("step-organizationCreated").getByText("To do"));
    await expect.poll(() => page.title(), { timeout: STEP_TIMEOUT }).toContain("Get started");

    // The company name typed at setup is the console's company name.
    await page.goto("/administration/general/settings");
    await inConsole(page);
    const company = await visible(page.getByLabel("Company name"));
    await expect.poll(() => company.inputValue(), { timeout: STEP_TIMEOUT }).toBe(ADMIN.companyName);
  });

  it("creates an organization with a second location and shows it on both dashboards", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await screenshot(page, "foundation-failed-organization");
    });
    need(authenticator, "signed-in administrator");

    const created = await createOrganization(page, ORG);
    orgId = created.id;
    const row = page
      .getByRole("table", { name: "Organizations" })
      .getByRole("row")
      .filter({ hasText: ORG.name });
    await visible(row);
    // Name, device approval, locations (Main Office plus the added one), devices, created, actions.
    await expect.poll(() => row.getByRole("cell").nth(2).innerText(), { timeout: STEP_TIMEOUT }).toBe("2");
    expect(await row.getByRole("cell").nth(3).innerText()).toBe("0");

    await page.goto("/getStarted");
    await visible(page.getByTestId("step-organizationCreated").getByText("Done"));

    await page.goto("/systemDashboard/overview");
    await inConsole(page);
    await visible(page.getByRole("heading", { name: "Dashboard", exact: true }));
    await expect.poll(() => statValue("Organizations"), { timeout: STEP_TIMEOUT }).toBe("1");
    expect(await statValue("Locations")).toBe("2");
    expect(await statValue("Devices")).toBe("0");
    await screenshot(page, "foundation-04-system-dashboard");

    // From the system dashboard to the organization, as a user would.
    await page.getByTestId("stat-organizations").click();
    await atPath(page, "/administration/customers/organizations");
    await page
      .getByRole("table", { name: "Organizations" })
      .getByRole("link", { name: ORG.name, exact: true })
      .click();
    await atPath(page, `/customerDashboard/${orgId}/overview`);
    await visible(page.getByRole("heading", { name: ORG.name, exact: true }));
    await visible(page.getByText(ORG.description));
    await expect.poll(() => page.title(), { timeout: STEP_TIMEOUT }).toContain(ORG.name);

    const locations = await visible(page.getByRole("table", { name: "Locations" }));
    const mainOffice = locations
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Main Office" }) });
    await visible(mainOffice.getByText("Default"));
    const harbour = locations
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: ORG.location.name }) });
    await visible(harbour.getByText(ORG.location.address));
    expect(await locations.getByRole("row").count()).toBe(3); // header + two locations
    await screenshot(page, "foundation-05-customer-dashboard");

    await harbour.getByRole("link", { name: ORG.location.name }).click();
    await atPath(page, new RegExp(`^/customerDashboard/${orgId}/location/\\d+$`));
    await visible(page.getByRole("heading", { name: ORG.location.name }));
    await visible(page.getByText(ORG.location.address));
    await visible(page.getByText("No devices in this location yet"));
  });

  it("signs out, and signs in again with the password and a new authenticator code", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await screenshot(page, "foundation-failed-sign-in");
    });
    const auth = need(authenticator, "enrolled authenticator");
    need(orgId, "organization");

    await signOut(page);
    expect((await context.cookies()).find((c) => c.name === "steward_session")).toBeUndefined();
    // Signed out means signed out: the console sends the visitor back to sign-in.
    await page.goto(`/customerDashboard/${orgId}/overview`);
    await atPath(page, "/login");

    await submitPassword(page, ADMIN);
    await atPath(page, "/mfa/verify");
    const verify = page.getByRole("button", { name: "Verify" });
    await visible(verify);
    expect(await verify.isDisabled()).toBe(true); // until six digits are typed
    await screenshot(page, "foundation-06-mfa-verify");

    // A code is accepted once: wait for a 30-s step the enrollment did not use.
    const code = await freshCode(auth.secret, auth.lastUsedStep);
    await page.getByLabel("Authentication code").fill(code);
    await verify.click();

    // Back where the visitor was going before signing in, inside the console.
    await atPath(page, /^\/(customerDashboard\/\d+\/overview|systemDashboard\/overview)$/);
    await inConsole(page);
    await visible(
      page.getByRole("button", { name: "Account menu" }).getByText(`${ADMIN.firstName} ${ADMIN.lastName}`),
    );

    const session = (await context.cookies()).find((c) => c.name === "steward_session");
    expect(session, "session cookie after sign-in").toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Strict");
    expect(session?.path).toBe("/");

    // The session is fully signed in: the API answers the organization.
    const client = await page.request.get(`/api/client/${orgId}`);
    expect(client.status()).toBe(200);
    const body = (await client.json()) as { resultCode?: string; client?: { name?: string } };
    expect(body.resultCode).toBe("SUCCESS");
    expect(body.client?.name).toBe(ORG.name);

    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
