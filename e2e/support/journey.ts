// The scaffolding several journeys share: their pages, their throwaway folders, waiting for what
// an agent reports, and the width check every page of the console must pass at 1024 px.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { newPage } from "./browser.js";
import { STEP_TIMEOUT, horizontalOverflow, type Admin } from "./console.js";

/** What an agent reports first (enrollment runs dpkg and reads disks) can take this long on a busy machine. */
export const AGENT_TIMEOUT = 120_000;

/**
 * A browser context of its own (no other user's session) at 1024 px, waiting up to a step's
 * time for each action, with the page's uncaught errors recorded in `pageErrors`.
 */
export async function journeyPage(browser: Browser, baseURL: string, pageErrors: string[]): Promise<Page> {
  const page = await newPage(browser, baseURL);
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

/** No horizontal scrolling on the page as it is now. */
export async function fitsWidth(page: Page): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow, `horizontal overflow on ${new URL(page.url()).pathname}`).toBeLessThanOrEqual(0);
}

/** Throwaway folders: `make` creates one, `removeAll` (for afterAll) deletes every one made. */
export function scratchFolders(): { make: (prefix: string) => string; removeAll: () => void } {
  const dirs: string[] = [];
  return {
    make: (prefix) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for something the server learns from an agent: looks, and reloads the page between
 * looks (lists refresh on their own only every 30 s).
 */
export async function eventuallyVisible(
  page: Page,
  locator: Locator,
  timeout = AGENT_TIMEOUT,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await locator.waitFor({ state: "visible", timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

/** The tenancy journeys' organizations: A, which the helpdesk looks after, and B, which it must not see. */
export const ORG_A = {
  name: "Alpha Dental",
  description: "The practice the helpdesk looks after",
  location: { name: "Alpha Clinic", address: "1 High Street" },
};
export const ORG_B = {
  name: "Bravo Logistics",
  description: "Not for the helpdesk",
  location: { name: "Bravo Depot", address: "2 Dock Road" },
};
/** The role limited to organization A, and the technician invited with it. */
export const HELPDESK_ROLE = "Org A helpdesk";
export const HELPDESK_TECH: Admin = {
  email: "hal@steward.test",
  firstName: "Hal",
  lastName: "Helpdesk",
  password: "helpdesk passphrase 42",
  companyName: "",
};

/** Stops a child process: SIGTERM, then SIGKILL when it has not exited within 5 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
