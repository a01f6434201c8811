// Technician roles with an organization scope, in a real browser against the real built server:
// the administrator creates two organizations and a role limited to one of them, invites a
// technician with that role, and the technician (password, then MFA enrollment) sees only that
// organization in the organizations list and on the dashboard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  acceptInvite,
  atPath,
  createOrganization,
  inConsole,
  need,
  newAdministrator,
  statValue,
  visible,
} from "./support/console.js";
import {
  HELPDESK_ROLE as ROLE,
  HELPDESK_TECH as TECH,
  ORG_A,
  ORG_B,
  fitsWidth,
  journeyPage,
} from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let tech: Page | undefined;
const pageErrors: string[] = [];

// Filled by earlier steps; each step needs the ones before it.
let orgA: number | undefined;
let orgB: number | undefined;
let roleId: number | undefined;
let inviteUrl: string | undefined;
let signedIn: boolean | undefined;

/** The brief's screenshots: /tmp/roles-journey-<name>.png, the whole page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/roles-journey-${name}.png`, fullPage: true });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await journeyPage(browser, server.url, pageErrors);
  await newAdministrator(admin);
  orgA = (await createOrganization(admin, ORG_A)).id;
  orgB = (await createOrganization(admin, ORG_B)).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("roles journey", { timeout: 180_000 }, () => {
  it("creates a role limited to one organization", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-role");
      console.error(`server output:\n${server.output()}`);
    });
    need(orgA, "organization A");

    await admin.goto("/administration/users/technicianRoles");
    await inConsole(admin);
    await visible(admin.getByRole("heading", { name: "Technician roles", exact: true }));
    // The built-in templates are listed, marked, and cannot be edited.
    const helpdesk = admin.getByRole("row").filter({ hasText: "Helpdesk" }).first();
    await visible(helpdesk.getByText("Built-in"));
    await visible(helpdesk.getByRole("button", { name: "Copy Helpdesk" }));
    expect(await helpdesk.getByRole("button", { name: "Delete Helpdesk" }).count()).toBe(0);

    await admin.getByRole("link", { name: "New role" }).click();
    await atPath(admin, "/editor/role/new/general");
    await admin.getByLabel(/^Name/).fill(ROLE);
    await admin.getByLabel("Description").fill("Reads devices of Alpha Dental");
    for (const label of ["View organizations", "View dashboards", "View devices"])
      await admin.getByRole("checkbox", { name: label, exact: true }).check();
    await admin.getByRole("radio", { name: "Selected organizations" }).check();
    await admin.getByRole("textbox", { name: /Selected organizations/ }).click();
    await admin.getByRole("option", { name: ORG_A.name }).click();
    await admin.keyboard.press("Escape");
    await fitsWidth(admin);
    await shot(admin, "role-editor");
    await admin.getByRole("button", { name: "Save" }).click();
    await atPath(admin, /^\/editor\/role\/\d+\/general$/);
    roleId = Number(/\/editor\/role\/(\d+)\//.exec(new URL(admin.url()).pathname)?.[1]);
    await visible(admin.getByRole("heading", { name: ROLE }));

    await admin.goto("/administration/users/technicianRoles");
    const row = admin.getByRole("row").filter({ hasText: ROLE });
    await visible(row.getByText(ORG_A.name, { exact: true }));
    expect(await row.getByText(ORG_B.name).count()).toBe(0);
    await fitsWidth(admin);
    await shot(admin, "roles-list");
  });

  it("invites a technician with the role; the invite link is shown to copy", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-invite");
    });
    need(roleId, "role");

    await admin.goto("/administration/users/technicians");
    await inConsole(admin);
    await admin.getByRole("button", { name: "Invite technician" }).first().click();
    const dialog = await visible(admin.getByRole("dialog", { name: "Invite technician" }));
    await dialog.getByLabel(/^Email/).fill(TECH.email);
    await dialog.getByLabel(/^First name/).fill(TECH.firstName);
    await dialog.getByLabel(/^Last name/).fill(TECH.lastName);
    await dialog.getByRole("textbox", { name: /^Roles/ }).click();
    await admin.getByRole("option", { name: ROLE }).click();
    // The option list stays open for more roles; clicking elsewhere in the dialog closes it.
    await dialog.getByText("Invite technician", { exact: true }).click();
    await dialog.getByRole("button", { name: "Send invite" }).click();
    const link = await visible(admin.getByTestId("invite-link"));
    inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

    // The list names the roles each technician holds; the editor shows them in its roles field.
    await admin.getByRole("button", { name: "Done" }).click();
    await admin.goto("/administration/users/technicians");
    const row = admin.getByRole("row").filter({ hasText: TECH.email });
    await visible(row.getByText(ROLE, { exact: true }));
    await fitsWidth(admin);
    await shot(admin, "technicians");
    await row.getByRole("link", { name: `${TECH.firstName} ${TECH.lastName}` }).click();
    await atPath(admin, /^\/editor\/user\/\d+\/general$/);
    await visible(admin.getByRole("heading", { name: `${TECH.firstName} ${TECH.lastName}` }));
    await visible(admin.getByRole("textbox", { name: /^Roles/ }));
    await visible(admin.getByText(ROLE, { exact: true }).first());
    await fitsWidth(admin);
    await shot(admin, "technician-editor");
  });

  it("the technician sets a password and enrolls MFA", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-accept");
    });
    const url = need(inviteUrl, "invite link");

    // A browser of their own: no administrator session in it.
    tech = await journeyPage(browser, server.url, pageErrors);
    await acceptInvite(tech, url, TECH.password);
    signedIn = true;
  });

  it("the technician sees only organization A: organizations list and dashboard", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-scope");
    });
    need(signedIn, "signed-in technician");
    const page = tech!;

    await page.goto("/administration/customers/organizations");
    await inConsole(page);
    const table = page.getByRole("table", { name: "Organizations" });
    await visible(table.getByRole("link", { name: ORG_A.name, exact: true }));
    expect(await table.getByText(ORG_B.name).count()).toBe(0);
    // Read only: no way to create organizations.
    expect(await page.getByRole("button", { name: "New organization" }).count()).toBe(0);
    await shot(page, "technician-organizations");

    await page.goto("/systemDashboard/overview");
    await inConsole(page);
    await expect.poll(() => statValue(page, "Organizations"), { timeout: STEP_TIMEOUT }).toBe("1");
    expect(await statValue(page, "Locations")).toBe("2");

    // Organization B answers like an organization that does not exist.
    const other = await page.request.get(`/api/organizations/${need(orgB, "organization B")}`);
    expect(other.status()).toBe(404);
    expect((await page.request.get(`/api/organizations/${need(orgA, "organization A")}`)).status()).toBe(200);
    // The role grants no technician administration.
    expect((await page.request.get("/api/technician-roles")).status()).toBe(403);
    expect(pageErrors).toEqual([]);
  });
});
