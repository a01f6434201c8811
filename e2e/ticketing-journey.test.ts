// Ticketing in a real browser against the built server: the administrator opens Ticketing from
// the sidebar, creates a ticket for an organization, replies on it, changes its status, resolves
// it, and finds it again on the board by a word of its description (the server's full-text search).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  atPath,
  createOrganization,
  inConsole,
  newAdministrator,
  visible,
} from "./support/console.js";
import { ORG_A, fitsWidth, journeyPage } from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
let admin: Page;
const pageErrors: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/ticketing-${name}.png`, fullPage: true });
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("textbox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await journeyPage(browser, server.url, pageErrors);
  await newAdministrator(admin);
  await createOrganization(admin, ORG_A);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("ticketing journey", { timeout: 240_000 }, () => {
  it("creates a ticket, replies, changes its status, resolves it and finds it by full-text search", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed");
      console.error(`server output:\n${server.output()}`);
    });
    await admin.goto("/");
    await inConsole(admin);
    await admin
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Ticketing", exact: true })
      .click();
    await atPath(admin, "/ticketing/board/1");
    await visible(admin.getByRole("heading", { name: "All tickets" }));
    await visible(admin.getByText("No tickets here"));

    await admin.getByRole("link", { name: "New ticket" }).click();
    await atPath(admin, "/ticketing/new");
    const form = admin.getByRole("form", { name: "New ticket" });
    await choose(admin, "Organization", ORG_A.name);
    await form.getByRole("textbox", { name: "Subject" }).fill("Label printer prints blank pages");
    await form
      .getByRole("textbox", { name: "Description" })
      .fill("The thermal printer in the lab feeds blank labels since Monday.\n\nRestarting did not help.");
    await choose(admin, "Priority", "High");
    await fitsWidth(admin);
    await form.getByRole("button", { name: "Create ticket" }).click();
    await atPath(admin, /^\/ticketing\/ticket\/\d+$/);
    await visible(admin.getByRole("heading", { name: /Label printer prints blank pages/ }));
    await visible(admin.getByText("Restarting did not help."));

    await admin.getByRole("textbox", { name: "Comment" }).fill("We ordered new label rolls.");
    await admin.getByRole("button", { name: "Add comment" }).click();
    await visible(admin.getByText("We ordered new label rolls."));
    await visible(admin.getByText("Added a public reply"));

    await choose(admin, "Status", "Open");
    await visible(admin.getByText("Status: New → Open"));
    await admin.getByRole("button", { name: "Resolve" }).click();
    await visible(admin.getByText("Status: Open → Resolved"));
    await fitsWidth(admin);
    await shot(admin, "ticket");

    await admin
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Ticketing", exact: true })
      .click();
    await atPath(admin, "/ticketing/board/1");
    await admin.getByRole("textbox", { name: "Search tickets" }).fill("thermal label");
    const table = admin.getByRole("table", { name: "Tickets of All tickets" });
    await visible(table.getByRole("link", { name: "Label printer prints blank pages" }));
    await visible(table.getByText("Resolved"));
    await fitsWidth(admin);
    await shot(admin, "board");
    await admin.getByRole("textbox", { name: "Search tickets" }).fill("toner");
    await visible(admin.getByText("No tickets here"));
    expect(pageErrors).toEqual([]);
  });
});
