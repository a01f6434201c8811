// The backup demo-request dialog: opened from a backup page not built yet (network storage), it validates
// the name and the email, then posts userName/userEmail to the server, thanks the user and
// confirms "Demo request sent".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import { launchBrowser, newPage, screenshot } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  createOrganization,
  hidden,
  inConsole,
  newAdministrator,
  visible,
} from "./support/console.js";
import { startServer, type RunningServer } from "./support/server.js";

const DEMO_PATH = "/api/division/promotion/BackupDemoRequest";
const MANDATORY = "Mandatory value is undefined. Please enter a value.";
const EMAIL_INVALID = "Enter a valid email address";

let server: RunningServer;
let browser: Browser;
let page: Page;
let placeholderPath = "";
const demoPosts: Request[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === DEMO_PATH) demoPosts.push(request);
  });
  await newAdministrator(page);
  const org = await createOrganization(page, {
    name: "Demo Dental",
    description: "Asks for the backup demo",
    location: { name: "Branch", address: "1 Main Street" },
  });
  placeholderPath = `/editor/customer/${org.id}/backup/network-storage`;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("backup demo request", { timeout: 180_000 }, () => {
  it("validates the name and the email, then sends the request and confirms it", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, "demo-request-failed");
    });

    await page.goto(placeholderPath);
    await inConsole(page);
    await visible(page.getByText("is not available yet in this version of Steward"));
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Request Demo" }).click();

    const dialog = await visible(page.getByRole("dialog", { name: "Request Demo" }));
    const name = dialog.getByLabel(/^Name/);
    const email = dialog.getByLabel(/^Email/);
    const submit = dialog.getByRole("button", { name: "Submit" });
    await visible(submit);
    await screenshot(page, "demo-request-01-dialog");

    // Nothing typed: the mandatory message under the name, and an email error.
    await submit.click();
    await visible(dialog.getByText(MANDATORY));
    await visible(dialog.getByText(EMAIL_INVALID));
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "demo-request-02-empty");

    // A name but an address without a domain: only the email error is left.
    await name.fill("Grace Hopper");
    await email.fill("grace@navy");
    await submit.click();
    await hidden(dialog.getByText(MANDATORY));
    await visible(dialog.getByText(EMAIL_INVALID));
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(demoPosts, "an invalid form must not reach the server").toHaveLength(0);

    // Valid input: the request reaches the server, which accepts it.
    await email.fill("grace.hopper@navy.example");
    await hidden(dialog.getByText(EMAIL_INVALID)); // revalidated as the user types
    const responded = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === DEMO_PATH,
      { timeout: STEP_TIMEOUT },
    );
    await submit.click();
    const response = await responded;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ resultCode: "SUCCESS" });
    expect(response.request().postDataJSON()).toEqual({
      userName: "Grace Hopper",
      userEmail: "grace.hopper@navy.example",
    });
    expect(demoPosts).toHaveLength(1);

    await visible(dialog.getByText("Thank you for your interest!"));
    await visible(page.getByText("Demo request sent"));
    expect(await submit.count()).toBe(0);
    await screenshot(page, "demo-request-03-sent");

    // Closing and reopening starts over with an empty form.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await hidden(dialog);
    await main.getByRole("button", { name: "Request Demo" }).click();
    const again = await visible(page.getByRole("dialog", { name: "Request Demo" }));
    await visible(again.getByRole("button", { name: "Submit" }));
    expect(await again.getByLabel(/^Name/).inputValue()).toBe("");
    expect(await again.getByLabel(/^Email/).inputValue()).toBe("");

    expect(pageErrors, "uncaught errors in the page").toEqual([]);
    await atPath(page, placeholderPath);
  });
});
