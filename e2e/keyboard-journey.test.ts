// Keyboard only: a technician who cannot use a mouse sets up the console, enrolls MFA, creates
// an organization, finds a device and runs a script on it, with Tab, Enter, arrows and typing.
// The page is never clicked: locators only read what is on screen. Every control reached must
// show where the focus is, dialogs keep the focus inside and give it back when they close.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage } from "./support/browser.js";
import { ADMIN, SETUP_TIMEOUT, STEP_TIMEOUT, atPath, hidden, need, visible } from "./support/console.js";
import { eventuallyVisible } from "./support/journey.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";
import { authenticatorCode } from "./support/totp.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

const ORG = { name: "Keyboard Kiosk Co", description: "Created without a mouse" };
const TEMPLATE = "Linux: top processes by memory";

let server: RunningServer;
let browser: Browser;
let page: Page;
let agent: ChildProcess | undefined;
let agentDir: string | undefined;
const pageErrors: string[] = [];
/** Controls the Tab key reached that have no name a screen reader could read. */
const unnamed = new Set<string>();

let orgId: number | undefined;
let deviceId: number | undefined;
let deviceName: string | undefined;

/** What has the focus: its role, accessible name (roughly as a screen reader reads it) and whether the focus shows. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  textEntry: boolean;
  focusShows: boolean;
  inDialog: string | null;
  html: string;
}

async function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) {
      return {
        tag: "body",
        role: "",
        name: "",
        textEntry: false,
        focusShows: false,
        inDialog: null,
        html: "",
      };
    }
    const text = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
    const labelledBy = el
      .getAttribute("aria-labelledby")
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    const labels = (el as HTMLInputElement).labels;
    const name = text(
      el.getAttribute("aria-label") ||
        labelledBy ||
        (labels && labels.length > 0 ? labels[0]!.textContent : null) ||
        el.getAttribute("placeholder") ||
        el.textContent,
    );
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute("type") ?? "").toLowerCase();
    const textEntry =
      tag === "textarea" ||
      (tag === "input" && !["checkbox", "radio", "button", "submit"].includes(type)) ||
      el.isContentEditable;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "" && style.boxShadow !== "none";
    const dialog = el.closest("[role=dialog]");
    return {
      tag,
      role: el.getAttribute("role") ?? tag,
      name,
      textEntry,
      // A text field shows the caret and its focused border; every other control needs a ring.
      focusShows: textEntry || outline || ring,
      inDialog: dialog
        ? text(dialog.getAttribute("aria-label") ?? dialog.querySelector("h2")?.textContent)
        : null,
      html: el.outerHTML.slice(0, 160),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the control named `name` has the focus, and checks that the
 * focus shows on it. Fails with the names passed on the way when it is not reachable.
 */
async function tabTo(name: string | RegExp, { back = false, max = 60 } = {}): Promise<Focused> {
  const matches = (n: string) => (typeof name === "string" ? n === name : name.test(n));
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused();
    seen.push(`${now.role}:${now.name.slice(0, 40) || now.html}`);
    if (now.name === "" && now.tag !== "body") unnamed.add(`${new URL(page.url()).pathname}: ${now.html}`);
    if (matches(now.name)) {
      expect(now.focusShows, `the focus does not show on "${now.name}"`).toBe(true);
      return now;
    }
  }
  throw new Error(
    `"${String(name)}" is not reachable with the keyboard; the focus went: ${seen.join(" → ")}`,
  );
}

async function typeInto(name: string | RegExp, value: string): Promise<void> {
  const field = await tabTo(name);
  expect(field.textEntry, `"${field.name}" is not a text field`).toBe(true);
  await page.keyboard.type(value);
}

/** Opens the command palette with its shortcut, types, moves to the result with the arrows and opens it with Enter. */
async function viaPalette(query: string, expected: string | RegExp): Promise<void> {
  await page.keyboard.press("Control+k");
  const input = await visible(page.getByRole("textbox", { name: "Search the console" }));
  expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(query);
  const target = await visible(page.getByRole("dialog").getByRole("button", { name: expected }).first());
  for (let i = 0; i < 15 && !(await target.evaluate((el) => el.hasAttribute("data-selected"))); i++) {
    await page.keyboard.press("ArrowDown");
  }
  expect(await target.evaluate((el) => el.hasAttribute("data-selected")), "the arrows reach the result").toBe(
    true,
  );
  await page.keyboard.press("Enter");
  await hidden(input);
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/keyboard-journey-${name}.png`, fullPage: true });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on("pageerror", (error) => pageErrors.push(error.message));
}, SETUP_TIMEOUT);

afterAll(async () => {
  if (agent && agent.exitCode === null) {
    const exited = new Promise((r) => agent?.once("exit", r));
    agent.kill("SIGTERM");
    await exited;
  }
  if (agentDir) fs.rmSync(agentDir, { recursive: true, force: true });
  await browser?.close();
  await server?.stop();
});

describe("keyboard-only journey", { timeout: 240_000 }, () => {
  it("sets up the administrator and enrolls MFA without a mouse", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-setup"));
    await page.goto("/");
    await atPath(page, "/setup");
    await visible(page.getByRole("button", { name: "Create administrator" }));

    await typeInto(/^First name/, ADMIN.firstName);
    await typeInto(/^Last name/, ADMIN.lastName);
    await typeInto(/^Email/, ADMIN.email);
    await typeInto(/^Password/, ADMIN.password);
    await typeInto(/^Company name/, ADMIN.companyName);
    await tabTo("Create administrator");
    await page.keyboard.press("Enter");

    await atPath(page, /^\/(mfa\/enroll|login)$/);
    if (new URL(page.url()).pathname === "/login") {
      await typeInto(/^Email/, ADMIN.email);
      await typeInto(/^Password/, ADMIN.password);
      await page.keyboard.press("Enter");
    }
    await atPath(page, "/mfa/enroll");
    // The secret is read off the screen, as a person types it into an authenticator app.
    const secret = (await (await visible(page.getByTestId("totp-secret"))).innerText()).trim();
    await typeInto(/^Authentication code/, authenticatorCode(secret, Date.now()));
    await page.keyboard.press("Enter");
    await visible(page.getByTestId("recovery-codes"));
    await shot("01-recovery-codes");
    await tabTo("Continue");
    await page.keyboard.press("Enter");
    await atPath(page, "/getStarted");
    await visible(page.getByTestId("app-shell"));
  });

  it("skips to the main content and reaches the sidebar in order", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-skip"));
    // The first Tab on a console page offers the skip link; Enter puts the focus in the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Tab");
    const first = await focused();
    expect(first.name).toBe("Skip to main content");
    expect(first.focusShows).toBe(true);
    await page.keyboard.press("Enter");
    const main = await page.evaluate(() => document.activeElement?.closest("main") !== null);
    expect(main, "after the skip link the focus is in the main content").toBe(true);
  });

  it("creates an organization through the palette and a dialog that keeps and returns the focus", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-organization"));
    await viaPalette("organizations", /^Organizations/);
    await atPath(page, "/administration/customers/organizations");
    await visible(page.getByRole("button", { name: "New organization" }));

    await tabTo("New organization");
    await page.keyboard.press("Enter");
    const dialog = await visible(page.getByRole("dialog", { name: "New organization" }));
    // The dialog takes the focus.
    expect((await focused()).inDialog).not.toBeNull();
    await typeInto(/^Name/, ORG.name);
    await typeInto(/^Description/, ORG.description);
    // Tab cycles inside the dialog: forty presses never leave it.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect((await focused()).inDialog, "Tab left the open dialog").not.toBeNull();
    }
    await shot("02-new-organization");
    await tabTo("Create organization");
    await page.keyboard.press("Enter");
    await hidden(dialog);
    // The focus goes back to the button that opened the dialog.
    expect((await focused()).name).toBe("New organization");
    const link = await visible(
      page.getByRole("table", { name: "Organizations" }).getByRole("link", { name: ORG.name, exact: true }),
    );
    orgId = Number(/\/customerDashboard\/(\d+)\//.exec((await link.getAttribute("href")) ?? "")?.[1]);
    expect(orgId).toBeGreaterThan(0);
  });

  it("finds the device of a real agent with the palette and runs a script on it", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-run"));
    const org = need(orgId, "organization");

    // The agent on this machine enrolls with an install token (its command line, not the console).
    const session = (await (await page.request.get("/api/auth/session")).json()) as { csrfToken: string };
    const details = (await (await page.request.get(`/api/organizations/${org}`)).json()) as {
      locations: { id: number }[];
    };
    const tokenAnswer = await page.request.post(`/api/organizations/${org}/enrollment-tokens`, {
      data: { locationId: details.locations[0]!.id },
      headers: { "x-csrf-token": session.csrfToken },
    });
    const token = (await tokenAnswer.json()) as { secret: string; agentServerUrl: string };
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-keyboard-journey-agent-"));
    const enrolled = await run(process.execPath, [
      agentBundle,
      "enroll",
      "--server",
      token.agentServerUrl,
      "--token",
      token.secret,
      "--data-dir",
      agentDir,
    ]);
    deviceId = Number(/device (\d+)/.exec(enrolled.stdout)?.[1]);
    expect(deviceId, enrolled.stdout).toBeGreaterThan(0);
    agent = spawn(process.execPath, [agentBundle, "run", "--data-dir", agentDir], { stdio: "ignore" });
    // The agent reports this machine's host name; the palette finds the device by it.
    deviceName = os.hostname();
    await viaPalette(deviceName, new RegExp(deviceName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await atPath(page, `/deviceDashboard/${deviceId}/overview`);
    await eventuallyVisible(page, page.getByTestId("device-summary").getByText("Up", { exact: true }));

    // The device's sections are tabs: Tab into the tab list, the arrow keys move to "Tools".
    await tabTo(/^Overview$/);
    for (let i = 0; i < 12 && (await focused()).name !== "Tools"; i++)
      await page.keyboard.press("ArrowRight");
    expect((await focused()).name).toBe("Tools");
    await page.keyboard.press("Enter");
    await atPath(page, new RegExp(`^/deviceDashboard/${deviceId}/tools/`));
    await visible(page.getByRole("heading", { name: "Run a script" }));

    // A searchable select: type to filter, arrows to move, Enter to choose.
    await typeInto(/^Script/, "top processes");
    await visible(page.getByRole("option", { name: new RegExp(`^${TEMPLATE}`) }));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await page.getByRole("textbox", { name: "Script", exact: true }).inputValue()).toContain(TEMPLATE);
    const runAs = await tabTo(/^Run As/);
    if ((await page.getByRole("textbox", { name: "Run As", exact: true }).inputValue()) === "") {
      expect(runAs.textEntry).toBe(true);
      await page.keyboard.press("ArrowDown");
      await visible(page.getByRole("option", { name: "System", exact: true }));
      await page.keyboard.press("Enter");
    }
    await tabTo("Run script");
    await shot("03-run-form");
    await page.keyboard.press("Enter");

    const output = await visible(page.getByTestId("job-output"));
    await expect
      .poll(() => output.getByTestId("job-status").textContent(), { timeout: STEP_TIMEOUT })
      .toBe("Succeeded");
    await expect
      .poll(() => output.getByTestId("job-stdout").innerText(), { timeout: STEP_TIMEOUT })
      .toMatch(/PID\s+USER/);
    await shot("04-output");
    expect(pageErrors).toEqual([]);
  });

  it("named every control the Tab key reached", async () => {
    // Walk the device's overview page once from top to bottom too.
    await page.goto(`/deviceDashboard/${need(deviceId, "device")}/overview`);
    await visible(page.getByTestId("device-name"));
    await page.keyboard.press("Tab");
    const start = await focused();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press("Tab");
      const now = await focused();
      if (now.name === "" && now.tag !== "body") unnamed.add(`${new URL(page.url()).pathname}: ${now.html}`);
      if (now.html === start.html) break;
    }
    expect([...unnamed]).toEqual([]);
  });
});
