// Steps of the console that several journeys share, driven by role and label as a user would
// (apps/web/README.md "For end-to-end tests"). Every wait is Playwright's own auto-waiting with
// generous timeouts: the suite must hold on a loaded two-core machine.
import type { Locator, Page } from "playwright-core";
import { authenticatorCode } from "./totp.js";

/** A value an earlier step of the journey fills; a clear failure when that step did not finish. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`an earlier step did not finish: no ${what}`);
  return value;
}

/** The page scrolls no wider than its window (spec: minimum page width 1024 px). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** How long one step of a journey may take on a slow, busy machine. */
export const STEP_TIMEOUT = 45_000;

/** A file's beforeAll: start a server (up to 3 min when busy), a browser, set up the administrator. */
export const SETUP_TIMEOUT = 300_000;

export interface Admin {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
}

export const ADMIN: Admin = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@steward.test",
  password: "correct horse battery staple",
  companyName: "Analytical Engines Ltd",
};

/** The authenticator the test holds after enrollment: the secret, and the last 30-s step it used. */
export interface Authenticator {
  secret: string;
  lastUsedStep: { value: number };
}

export async function visible(locator: Locator, timeout = STEP_TIMEOUT): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout = STEP_TIMEOUT): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Waits for a path (exact, or matching) in the address bar. */
export async function atPath(page: Page, path: string | RegExp, timeout = STEP_TIMEOUT): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === "string" ? url.pathname === path : path.test(url.pathname)),
    {
      timeout,
    },
  );
}

/** The signed-in console (header, sidebar) is drawn. */
export async function inConsole(page: Page): Promise<void> {
  await visible(page.getByTestId("app-shell"));
  await visible(page.getByRole("navigation", { name: "Main navigation" }));
}

/** A fresh server: the console sends the visitor to setup, which creates the administrator. */
export async function setUpAdministrator(page: Page, admin: Admin = ADMIN): Promise<void> {
  await page.goto("/");
  await atPath(page, "/setup");
  await visible(page.getByRole("button", { name: "Create administrator" }));
  await page.getByLabel("First name").fill(admin.firstName);
  await page.getByLabel("Last name").fill(admin.lastName);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Company name").fill(admin.companyName);
  await page.getByRole("button", { name: "Create administrator" }).click();
  // Setup either signs the administrator in (straight to enrollment) or asks to sign in first.
  await atPath(page, /^\/(mfa\/enroll|login)$/);
  if (new URL(page.url()).pathname === "/login") await submitPassword(page, admin);
}

export async function submitPassword(page: Page, admin: Admin): Promise<void> {
  await visible(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface Enrollment extends Authenticator {
  recoveryCodes: string[];
}

/**
 * Mandatory TOTP enrollment: reads the secret the page shows, types the code an authenticator
 * app would show, reads the recovery codes; stops before "Continue" so callers can look first.
 */
export async function enrollTotp(page: Page): Promise<Enrollment> {
  await atPath(page, "/mfa/enroll");
  const secretBox = await visible(page.getByTestId("totp-secret"));
  const secret = (await secretBox.innerText()).trim();
  if (!/^[A-Z2-7]{16,}=*$/.test(secret)) throw new Error(`unexpected TOTP secret on the page: "${secret}"`);
  const now = Date.now();
  await page.getByLabel("Authentication code").fill(authenticatorCode(secret, now));
  const confirm = page.getByRole("button", { name: "Confirm" });
  await confirm.click();
  const codes = await visible(page.getByTestId("recovery-codes"));
  const recoveryCodes = (await codes.innerText())
    .split(/\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return { secret, lastUsedStep: { value: Math.floor(now / 30_000) }, recoveryCodes };
}

/** Leaves the recovery codes for the console (Get started after a first enrollment). */
export async function continueAfterEnrollment(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Continue" }).click();
  await atPath(page, "/getStarted");
  await inConsole(page);
}

/** Setup, enrollment and Continue: a signed-in administrator on Get started. */
export async function newAdministrator(page: Page, admin: Admin = ADMIN): Promise<Authenticator> {
  await setUpAdministrator(page, admin);
  const { secret, lastUsedStep } = await enrollTotp(page);
  await continueAfterEnrollment(page);
  return { secret, lastUsedStep };
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await atPath(page, "/login");
  await visible(page.getByRole("button", { name: "Sign in" }));
}

export interface NewOrganization {
  name: string;
  description: string;
  location: { name: string; address: string };
}

export interface CreatedOrganization {
  id: number;
}

/** Organizations › New organization, with one location besides Main Office. */
export async function createOrganization(page: Page, org: NewOrganization): Promise<CreatedOrganization> {
  await page.goto("/administration/customers/organizations");
  await inConsole(page);
  await page.getByRole("button", { name: "New organization" }).click();
  const dialog = await visible(page.getByRole("dialog", { name: "New organization" }));
  // The label carries a required asterisk ("Name *"); "Location name" does not start with "Name".
  await dialog.getByLabel(/^Name\b/).fill(org.name);
  await dialog.getByLabel("Description").fill(org.description);
  await dialog.getByRole("button", { name: "Add location" }).click();
  await (await visible(dialog.getByTestId("new-location-name-0"))).fill(org.location.name);
  await dialog.getByTestId("new-location-address-0").fill(org.location.address);
  await dialog.getByRole("button", { name: "Create organization" }).click();
  await hidden(dialog);
  const table = page.getByRole("table", { name: "Organizations" });
  const link = await visible(table.getByRole("link", { name: org.name, exact: true }));
  const href = (await link.getAttribute("href")) ?? "";
  const match = /^\/customerDashboard\/(\d+)\/overview$/.exec(href);
  if (!match) throw new Error(`organization row links to "${href}", not its dashboard`);
  return { id: Number(match[1]) };
}

/** The number a dashboard stat card shows (its value carries the label "<Label>: <n>"). */
export async function statValue(page: Page, label: string): Promise<string> {
  const card = await visible(page.getByTestId(`stat-${label.toLowerCase()}`));
  const value = await visible(card.locator(`[aria-label^="${label}: "]`));
  return (await value.getAttribute("aria-label"))?.slice(label.length + 2) ?? "";
}

/**
 * An invited technician opens their invite link, sets a password, enrolls TOTP and continues
 * into the console; returns the authenticator and recovery codes of that enrollment.
 */
export async function acceptInvite(page: Page, inviteUrl: string, password: string): Promise<Enrollment> {
  await page.goto(new URL(inviteUrl).pathname);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  const enrollment = await enrollTotp(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await inConsole(page);
  return enrollment;
}
