// Issue 3's device journey, in a real browser against the real built server and a real agent:
// the downloads page's Linux install command, run in a shell, enrolls this machine; the device
// shows up in /deviceSearch, its dashboard shows its disks and installed packages; custom field
// and tag validation show the spec's exact messages; a search becomes a group.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  createOrganization,
  hidden,
  inConsole,
  newAdministrator,
  visible,
  need,
} from "./support/console.js";
import {
  AGENT_TIMEOUT,
  eventuallyVisible,
  fitsWidth,
  journeyPage,
  scratchFolders,
  stopProcess,
} from "./support/journey.js";
import { startServer, type RunningServer } from "./support/server.js";

const run = promisify(execFile);

const ORG = {
  name: "Northwind Traders",
  description: "Warehouse and two shops",
  location: { name: "Harbour Shop", address: "3 Quay Street" },
};
const HOSTNAME = os.hostname();
const FIELD = { label: "Licensed seats", name: "licensedSeats" };
const GROUP = "This machine";

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const { make: tempDir, removeAll: removeScratch } = scratchFolders();
let agent: ChildProcess | undefined;
let agentLog = "";

// Filled by earlier steps; each step needs the ones before it.
let orgId: number | undefined;
let deviceId: number | undefined;

/** The brief's screenshots: /tmp/devices-journey-<name>.png, the whole page. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/devices-journey-${name}.png`, fullPage: true });
}

/** `sudo` for the throwaway folders: runs the command as is, keeping the test's environment. */
function sudoShim(): string {
  const dir = tempDir("steward-journey-bin-");
  fs.writeFileSync(path.join(dir, "sudo"), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
  return dir;
}

/** `"a b" "c" run` → ["a b", "c", "run"] (systemd's ExecStart quoting as the agent writes it). */
function execStartArgs(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]!,
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await journeyPage(browser, server.url, pageErrors);
  // The technician copies the command with the page's copy button; the test pastes from the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await newAdministrator(page);
  orgId = (await createOrganization(page, ORG)).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  if (agent) await stopProcess(agent);
  await browser?.close();
  await server?.stop();
  removeScratch();
});

describe("devices journey", { timeout: 240_000 }, () => {
  it("enrolls this machine with the Linux install command the downloads page shows", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot("failed-enroll");
      console.error(`agent output:\n${agentLog}\nserver output:\n${server.output()}`);
    });
    const org = need(orgId, "organization");

    await page.goto(`/administration/library/downloads?organizationId=${org}`);
    await inConsole(page);
    await visible(page.getByRole("heading", { name: "Downloads", exact: true }));
    await page.getByLabel("Token name").fill("journey");
    await page.getByRole("button", { name: "Create install command" }).click();
    const shown = await visible(page.getByTestId("install-command-linux"));
    await fitsWidth(page);
    await shot("downloads");

    // Copied as a technician copies it: the copy button, then the clipboard.
    await page.getByRole("button", { name: "Copy Linux command" }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toBe((await shown.textContent())?.trim());
    expect(command).not.toContain("\n");

    // Only what a test machine must change: a throwaway install and data folder instead of
    // /opt/steward and /var/lib/steward-agent (so `sudo` needs no root and runs each step as
    // is), and no systemd unit: the test starts what the unit's ExecStart runs, below.
    const steps = command.split(" && ");
    const serviceAt = steps.findIndex((s) => s.includes(" install-service"));
    expect(serviceAt, `install-service step in: ${command}`).toBeGreaterThan(0);
    expect(steps.slice(serviceAt + 1).every((s) => s.startsWith("sudo systemctl "))).toBe(true);
    const installDir = tempDir("steward-journey-opt-");
    const dataDir = path.join(tempDir("steward-journey-var-"), "agent");
    const adapted = steps.slice(0, serviceAt).join(" && ").replaceAll("/opt/steward", installDir);
    const env = {
      ...process.env,
      PATH: `${sudoShim()}:${process.env.PATH ?? ""}`,
      STEWARD_AGENT_DATA_DIR: dataDir,
    };
    const enrolled = await run("bash", ["-c", adapted], { env, timeout: AGENT_TIMEOUT });
    const id = Number(/Enrolled as device (\d+)\./.exec(enrolled.stdout)?.[1]);
    expect(id, `enrollment output: ${enrolled.stdout}${enrolled.stderr}`).toBeGreaterThan(0);
    deviceId = id;

    // The service the command would install, started the way its unit starts it.
    const agentFile = path.join(installDir, "steward-agent.mjs");
    const unit = await run("node", [agentFile, "install-service", "--print"], { env });
    const execStart = /^ExecStart=(.+)$/m.exec(unit.stdout)?.[1];
    const unitDataDir = /^Environment=STEWARD_AGENT_DATA_DIR=(.+)$/m.exec(unit.stdout)?.[1];
    expect(unitDataDir).toBe(dataDir);
    const [program, ...args] = execStartArgs(need(execStart, "ExecStart in the systemd unit"));
    // The unit runs the launcher over the install folder, which keeps the agent running and
    // swaps in self-updates.
    expect(args).toEqual([agentFile, "launch", "--install-dir", installDir]);
    agent = spawn(program!, args, {
      env: { ...env, STEWARD_AGENT_DATA_DIR: unitDataDir! },
      stdio: ["ignore", "pipe", "pipe"],
    });
    agent.stdout?.on("data", (d: Buffer) => (agentLog += d.toString()));
    agent.stderr?.on("data", (d: Buffer) => (agentLog += d.toString()));

    // The token's row counts the enrolled device.
    await page.reload();
    const tokenRow = page.locator('[data-testid^="token-row-"]').filter({ hasText: "journey" });
    await visible(tokenRow.getByText("1 / unlimited", { exact: true }));
    await visible(tokenRow.getByRole("button", { name: "Revoke journey" }));
    const tokenBox = await tokenRow.boundingBox();
    expect(
      (tokenBox?.x ?? 0) + (tokenBox?.width ?? Infinity),
      "token row within 1024 px",
    ).toBeLessThanOrEqual(1024);
  });

  it("finds the device UP in device search; a bulk delete asks first", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot("failed-search");
      console.error(`agent output:\n${agentLog}`);
    });
    const id = need(deviceId, "enrolled device");

    await page.goto("/deviceSearch");
    await inConsole(page);
    await page.getByLabel("Search devices").fill(HOSTNAME);
    await atPath(page, "/deviceSearch");
    await page.waitForURL((url) => url.searchParams.get("search") === HOSTNAME);
    const row = page.getByTestId(`device-row-${id}`);
    await eventuallyVisible(page, row.getByText("Up", { exact: true }));
    await visible(row.getByRole("link", { name: HOSTNAME }));
    await visible(page.getByRole("status").getByText("1 device"));
    await fitsWidth(page);
    // The default columns fit beside the sidebar: no sideways scrolling inside the grid either.
    const rowBox = await row.boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? Infinity)).toBeLessThanOrEqual(1024);
    await shot("search");

    // Nothing selected: no bulk actions at all, so nothing can delete "everything".
    expect(await page.getByTestId("bulk-actions").count()).toBe(0);
    await row.getByRole("checkbox", { name: `Select ${HOSTNAME}` }).check();
    const bar = await visible(page.getByTestId("bulk-actions"));
    await visible(bar.getByText("1 device selected"));
    await bar.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = await visible(page.getByRole("dialog", { name: "Delete devices" }));
    await visible(confirm.getByText("Delete 1 device?", { exact: false }));
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await hidden(confirm);
    await visible(row);
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await hidden(bar);
  });

  it("opens the device dashboard: its disks and its installed packages", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot("failed-dashboard");
    });
    const id = need(deviceId, "enrolled device");

    await page.getByTestId(`device-row-${id}`).getByRole("link", { name: HOSTNAME }).click();
    await atPath(page, `/deviceDashboard/${id}/overview`);
    await visible(page.getByTestId("device-name").getByText(HOSTNAME));
    await visible(page.getByTestId("device-summary").getByText("Up", { exact: true }));

    await page.getByRole("tab", { name: "Details" }).click();
    await atPath(page, `/deviceDashboard/${id}/details`);
    const volumes = await visible(page.getByTestId("inventory-volumes"));
    // The root file system, with its size and free space as the agent measured them.
    await visible(volumes.getByRole("progressbar", { name: /^\/: \d+ % free$/ }));
    await visible(volumes.getByText(/^[\d.,]+ [KMGTP]?B free of [\d.,]+ [KMGTP]?B$/).first());
    // And the whole disks under them (on a virtual machine too: virtio disks without a model).
    await visible(
      page
        .getByTestId("inventory-disks")
        .getByRole("cell", { name: /^\/dev\// })
        .first(),
    );
    await fitsWidth(page);
    await shot("details");

    // A package this Debian machine really has, with the version dpkg reports.
    const { stdout } = await run("dpkg-query", ["-W", "-f=${Version}", "bash"]);
    const bashVersion = stdout.trim();
    await page.getByRole("tab", { name: "Software" }).click();
    await atPath(page, `/deviceDashboard/${id}/software/1`);
    const table = await visible(page.getByTestId("software-table"));
    const total = await visible(page.getByText(/^\d+ packages$/));
    const allPackages = await total.innerText();
    expect(await table.getByRole("row").count()).toBeGreaterThan(10);
    await page.getByLabel("Search software").fill("bash");
    await expect
      .poll(() => page.getByText(/^\d+ packages?$/).innerText(), { timeout: STEP_TIMEOUT })
      .not.toBe(allPackages);
    const bash = table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "bash", exact: true }) });
    await visible(bash.getByRole("cell", { name: bashVersion, exact: true }));
    await fitsWidth(page);
    await shot("software");
  });

  it('a custom integer field refuses pasted "12.5" with the spec\'s message, and saves 42', async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot("failed-custom-field");
    });
    const id = need(deviceId, "enrolled device");

    await page.goto("/administration/devices/globalCustomFields");
    await inConsole(page);
    await page.getByRole("button", { name: "New custom field" }).click();
    const dialog = await visible(page.getByRole("dialog"));
    await dialog.getByLabel("Label", { exact: false }).first().fill(FIELD.label);
    await dialog.getByRole("textbox", { name: "Name", exact: false }).first().fill(FIELD.name);
    await dialog.getByRole("textbox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Integer", exact: true }).click();
    await dialog.getByRole("button", { name: "Create field" }).click();
    await hidden(dialog);
    await visible(page.getByRole("cell", { name: FIELD.label, exact: true }));
    await fitsWidth(page);
    await shot("custom-fields-admin");

    await page.goto(`/deviceDashboard/${id}/customFields`);
    await inConsole(page);
    const input = await visible(page.getByLabel(FIELD.label));
    // Keys: plus, minus, e, E, dot and comma are blocked; what is left is digits.
    await input.pressSequentially("1-2.e5");
    await expect.poll(() => input.inputValue(), { timeout: STEP_TIMEOUT }).toBe("125");
    expect(await page.getByText("Input must be of integer value").count()).toBe(0);

    // A paste is not key presses: the value stays as pasted and the spec's message says why.
    await input.fill("");
    await page.evaluate(() => navigator.clipboard.writeText("12.5"));
    await input.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect.poll(() => input.inputValue(), { timeout: STEP_TIMEOUT }).toBe("12.5");
    await visible(page.getByText("Input must be of integer value", { exact: true }));
    await page.getByRole("button", { name: "Save" }).click();
    await visible(page.getByText("Input must be of integer value", { exact: true }));
    await fitsWidth(page);
    await shot("custom-field-error");

    await input.fill("");
    await input.pressSequentially("42");
    await hidden(page.getByText("Input must be of integer value", { exact: true }));
    await page.getByRole("button", { name: "Save" }).click();
    await visible(page.getByText("Custom fields saved"));
    await page.reload();
    await expect.poll(() => page.getByLabel(FIELD.label).inputValue(), { timeout: STEP_TIMEOUT }).toBe("42");
  });

  it("refuses a tag with a space with the spec's message, and adds a good one", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot("failed-tag");
    });
    const id = need(deviceId, "enrolled device");

    await page.goto(`/deviceDashboard/${id}/overview`);
    await inConsole(page);
    await page.getByLabel("New tag").fill("bad tag");
    await page.getByRole("button", { name: "Add tag" }).click();
    await visible(page.getByText("Tag cannot contain spaces", { exact: true }));
    await shot("tag-error");

    await page.getByLabel("New tag").fill("front-desk");
    await page.getByRole("button", { name: "Add tag" }).click();
    await visible(page.getByRole("button", { name: "Remove tag front-desk" }));
    await hidden(page.getByText("Tag cannot contain spaces", { exact: true }));
    await fitsWidth(page);
  });

  it("saves a search as a group that lists the device", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot("failed-group");
    });
    const id = need(deviceId, "enrolled device");

    await page.goto("/deviceSearch");
    await inConsole(page);
    await page.getByRole("button", { name: "Filters" }).click();
    const drawer = await visible(page.getByRole("dialog", { name: "Filter devices" }));
    const tags = drawer.getByLabel("Tags", { exact: true });
    await tags.fill("front-desk");
    await tags.press("Enter");
    await drawer.getByRole("button", { name: "Apply filters" }).click();
    await hidden(drawer);
    await page.waitForURL((url) => url.searchParams.get("tags") === "front-desk");
    await visible(page.getByTestId(`device-row-${id}`));
    await visible(page.getByRole("status").getByText("1 device"));
    await page.getByRole("button", { name: "Save as group" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Save as group" }));
    await dialog.getByLabel("Group name").fill(GROUP);
    await dialog.getByRole("button", { name: "Save group" }).click();
    await atPath(page, /^\/group\/\d+$/);
    const groupPath = new URL(page.url()).pathname;
    await visible(page.getByRole("heading", { name: GROUP }));
    await visible(page.getByTestId(`device-row-${id}`));

    await page.goto("/administration/devices/groups");
    await inConsole(page);
    await visible(page.getByRole("link", { name: GROUP, exact: true }));
    // The list counts the group's devices: this machine.
    await visible(page.getByRole("link", { name: `1 device in ${GROUP}`, exact: true }));
    await fitsWidth(page);
    await shot("groups");
    await page.getByRole("link", { name: GROUP, exact: true }).click();
    await atPath(page, groupPath);
    await visible(page.getByTestId(`device-row-${id}`).getByRole("link", { name: HOSTNAME }));
    await fitsWidth(page);
    await shot("group");

    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
