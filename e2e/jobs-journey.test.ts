// Issue 4's browser journey, against the real built server and a real agent process on this
// machine: from the device dashboard run a template script with a preset and watch its output;
// start a long script and cancel it; schedule a library script a minute or two ahead and see the
// scheduler fire it on the agent.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, newPage } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  createOrganization,
  hidden,
  inConsole,
  newAdministrator,
  visible,
  horizontalOverflow,
  need,
} from "./support/console.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

const ORG = {
  name: "Northwind Traders",
  description: "Warehouse and two shops",
  location: { name: "Harbour Shop", address: "3 Pier Road, Brighton" },
};
const CREDENTIAL = { name: "Linux service account", username: "nobody" };
const TEMPLATE = { id: "linux-top-processes", name: "Linux: top processes by memory" };
const LIBRARY_COPY = "Top processes (Northwind)";
const WAIT_SCRIPT = "Wait for the maintenance window";
// An unusual duration, so that the check for the process on this machine finds only ours.
const WAIT_SECONDS = 613;
const TASK = "Nightly process report";
const TASK_ZONE = "Europe/Berlin";
/** A scheduled run needs its minute to come (≤ 100 s), the scheduler's 10-s pass and the agent. */
const SCHEDULE_TIMEOUT = 210_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let agent: ChildProcess | undefined;
let agentDir: string | undefined;
const pageErrors: string[] = [];

// Filled by earlier steps; each step needs the ones before it.
let orgId: number | undefined;
let deviceId: number | undefined;
let libraryScriptId: number | undefined;

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/jobs-journey-${name}.png`, fullPage: true });
}

/** The page has no horizontal scroll bar at 1024 px (spec: layout minimum page width 1024 px). */
async function fitsWidth(): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** A table's last column is whole on screen, not cut by its scroll container or the window. */
async function lastColumnVisible(header: string, on: Page = page): Promise<void> {
  const th = await visible(on.getByRole("columnheader", { name: header, exact: true }));
  const cut = await th.evaluate((cell) => {
    const right = cell.getBoundingClientRect().right;
    for (let el = cell.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible") return right - el.getBoundingClientRect().right;
    }
    return right - window.innerWidth;
  });
  expect(cut, `the "${header}" column is cut off on ${on.url()}`).toBeLessThanOrEqual(0.5);
}

/** Opens a Mantine select by its label and picks an option by its visible text. */
async function choose(scope: Page | Locator, label: string, option: string, search?: string) {
  const input = scope.getByRole("textbox", { name: label, exact: true });
  await visible(input);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await (await visible(page.getByRole("option", { name: option, exact: true }))).click();
}

/** The labels of a select's options, read from its open drop-down (then closed again). */
async function optionsOf(label: string): Promise<string[]> {
  const input = page.getByRole("textbox", { name: label, exact: true });
  await input.click();
  const listbox = await visible(page.getByRole("listbox"));
  const labels = (await listbox.getByRole("option").allInnerTexts()).map((t) => t.trim());
  await input.press("Escape");
  await hidden(listbox);
  return labels;
}

/** A call the console itself would make, with the session's cookie and CSRF token. */
async function apiPost<T>(url: string, body: unknown): Promise<T> {
  const session = (await (await page.request.get("/api/auth/session")).json()) as { csrfToken?: string };
  const res = await page.request.post(url, {
    data: body,
    headers: { "x-csrf-token": session.csrfToken ?? "" },
  });
  if (!res.ok()) throw new Error(`POST ${url} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The wall-clock date and time of an instant in a time zone (what the editor's fields take). */
function zonedParts(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Is a `sleep WAIT_SECONDS` process (the cancelled script's) still running on this machine? */
async function waitScriptRunning(): Promise<boolean> {
  const { stdout } = await run("ps", ["-eo", "args="]);
  return stdout.split("\n").some((line) => line.trim() === `sleep ${WAIT_SECONDS}`);
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

describe("jobs journey", { timeout: 240_000 }, () => {
  it("signs in with MFA, enrolls a real agent and shows its device online", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-enroll"));

    await newAdministrator(page, ADMIN);
    orgId = (await createOrganization(page, ORG)).id;

    // An install token as Downloads creates it; the agent enrolls with the command-line tool.
    const org = (await (await page.request.get(`/api/organizations/${orgId}`)).json()) as {
      locations: { id: number }[];
    };
    const token = await apiPost<{ secret: string; agentServerUrl: string }>(
      `/api/organizations/${orgId}/enrollment-tokens`,
      { locationId: org.locations[0]!.id },
    );
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-jobs-journey-agent-"));
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

    await page.goto(`/deviceDashboard/${deviceId}/overview`);
    await inConsole(page);
    await visible(page.getByTestId("device-name"));
    await visible(page.getByTestId("device-summary").getByText("Up", { exact: true }));
  });

  it("stores a Linux credential and copies a template script into the library", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-library"));
    const org = need(orgId, "organization");

    await page.goto(`/editor/customer/${org}/credentials`);
    await inConsole(page);
    await page.getByRole("button", { name: "New credential" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "New credential" }));
    await dialog.getByLabel(/^Name/).fill(CREDENTIAL.name);
    await choose(dialog, "Type", "Linux");
    await dialog.getByLabel(/^User name/).fill(CREDENTIAL.username);
    await dialog.getByLabel(/^Password/).fill("not a real password 42");
    await dialog.getByLabel("Preferred credential of its type").check();
    await dialog.getByRole("button", { name: "Create credential" }).click();
    await hidden(dialog);
    const credentialRow = page.getByRole("row").filter({ hasText: CREDENTIAL.name });
    await visible(credentialRow.getByText(CREDENTIAL.username, { exact: true }));
    await visible(credentialRow.getByText("Preferred", { exact: true }));
    // The password is never shown again.
    expect(await page.getByText("not a real password 42").count()).toBe(0);
    await shot("01-credentials");

    // Scripting › Template scripts: find the template and open it.
    await page.goto("/administration/library/scripting/1?view=templates");
    await inConsole(page);
    await page.getByRole("textbox", { name: "Search template scripts" }).fill("top processes");
    const templateLink = page.getByRole("link", { name: TEMPLATE.name, exact: true });
    await visible(templateLink);
    // The search narrows the list to the top-processes templates.
    await hidden(page.getByRole("link", { name: "Linux: restart a service", exact: true }));
    await shot("02-templates");
    await fitsWidth();
    await lastColumnVisible("Actions");
    await templateLink.click();
    await atPath(page, `/editor/templateScript/${TEMPLATE.id}`);
    await visible(page.getByRole("heading", { name: TEMPLATE.name }));
    await page.getByRole("button", { name: "Copy to library" }).click();
    const copy = await visible(page.getByRole("dialog", { name: "Copy to library" }));
    await copy.getByLabel("Name in your library").fill(LIBRARY_COPY);
    await copy.getByRole("button", { name: "Copy", exact: true }).click();
    await atPath(page, /^\/editor\/script\/\d+$/);
    libraryScriptId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    await visible(page.getByText("copied from a template script"));
    await shot("03-library-copy");
  });

  it("runs a template script with a preset from the device dashboard and streams its output", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-run"));
    const device = need(deviceId, "device");

    await page.goto(`/deviceDashboard/${device}/tools/1`);
    await inConsole(page);
    await visible(page.getByRole("heading", { name: "Run a script" }));
    await choose(page, "Script", `${TEMPLATE.name} (Shell (sh), Linux)`, "top processes");

    // Run As lists the spec's Linux choices and the organization's stored credential.
    const runAs = await optionsOf("Run As");
    expect(runAs).toEqual([
      "System",
      "Preferred Linux Credential",
      `${CREDENTIAL.name} (${CREDENTIAL.username})`,
    ]);
    await choose(page, "Run As", "System");
    await choose(page, "Preset parameters", "Top 10 by CPU");
    // The preset fills the parameters.
    expect(await page.getByLabel(/^How many processes/).inputValue()).toBe("10");
    expect(await page.getByRole("textbox", { name: /^Sort by/ }).inputValue()).toBe("cpu");
    await shot("04-run-form");
    await fitsWidth();

    await page.getByRole("button", { name: "Run script" }).click();
    const output = await visible(page.getByTestId("job-output"));
    const status = output.getByTestId("job-status");
    await expect.poll(() => status.textContent(), { timeout: STEP_TIMEOUT }).toBe("Succeeded");
    const stdoutBlock = output.getByTestId("job-stdout");
    await expect
      .poll(() => stdoutBlock.innerText(), { timeout: STEP_TIMEOUT })
      .toMatch(/PID\s+USER\s+MEMORY\s+%MEM\s+%CPU\s+RUNNING\s+COMMAND/);
    const stdout = await stdoutBlock.innerText();
    // The preset's count reached the script: ten processes under the header.
    expect(stdout.split("\n").filter((line) => /^\s*\d+\s+\S+\s+[\d.]+M\s/.test(line))).toHaveLength(10);
    expect(await output.getByTestId("job-exit-code").innerText()).toBe("Exit code 0");
    // The template's preset is kept with the job.
    expect(await output.getByTestId("job-run-details").innerText()).toBe(
      "Run As System · Preset Top 10 by CPU",
    );
    await shot("05-run-output");
    await fitsWidth();

    // The device's job list keeps it.
    const history = page
      .getByRole("table")
      .filter({ has: page.getByRole("columnheader", { name: "Finished" }) });
    const row = history.getByRole("row").filter({ hasText: TEMPLATE.name });
    await visible(row.getByTestId("job-status").getByText("Succeeded"));
    await lastColumnVisible("Finished");
  });

  it("writes a long script, runs it as the preferred Linux credential and cancels it while it runs", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-cancel"));
    const device = need(deviceId, "device");

    await page.goto("/editor/script/new");
    await inConsole(page);
    await page.getByLabel(/^Name/).fill(WAIT_SCRIPT);
    await choose(page, "Language", "Bash");
    await choose(page, "Operating system", "Linux");
    await page
      .getByLabel("Script body")
      .fill(
        `#!/usr/bin/env bash\necho "waiting ${WAIT_SECONDS} seconds as $(id -un)"\nsleep ${WAIT_SECONDS}\necho "done waiting"\n`,
      );
    await page.getByRole("button", { name: "Create script" }).click();
    await atPath(page, /^\/editor\/script\/\d+$/);

    await page.goto(`/deviceDashboard/${device}/tools/1`);
    await inConsole(page);
    await choose(page, "Script", `${WAIT_SCRIPT} (Bash, Linux)`, "maintenance window");
    // The organization's preferred Linux credential is the local account the script runs as.
    await choose(page, "Run As", "Preferred Linux Credential");
    await page.getByRole("button", { name: "Run script" }).click();
    const output = await visible(page.getByTestId("job-output"));
    const status = output.getByTestId("job-status");
    await expect.poll(() => status.textContent(), { timeout: STEP_TIMEOUT }).toBe("Running");
    await expect
      .poll(() => output.getByTestId("job-stdout").innerText(), { timeout: STEP_TIMEOUT })
      .toContain(`waiting ${WAIT_SECONDS} seconds as ${CREDENTIAL.username}`);
    expect(await waitScriptRunning()).toBe(true);
    expect(await output.getByTestId("job-run-details").innerText()).toBe("Run As Preferred Linux Credential");
    await shot("06-running");

    // Another tab: the system dashboard's pending scripts list it while it runs.
    const other = await page.context().newPage();
    try {
      await other.goto("/systemDashboard/pendingScripts");
      const pending = other.getByRole("row").filter({ hasText: WAIT_SCRIPT });
      await visible(pending.getByText("Running", { exact: true }));
      await visible(pending.getByText(`by ${ADMIN.firstName} ${ADMIN.lastName}`));
      await other.screenshot({ path: "/tmp/jobs-journey-06a-pending.png", fullPage: true });
      await lastColumnVisible("Actions", other);
    } finally {
      await other.close();
    }

    await output.getByRole("button", { name: "Cancel" }).click();
    // Scripts are not in the spec's CANCEL_REQUESTED list: they go straight to CANCELLED.
    await expect.poll(() => status.textContent(), { timeout: STEP_TIMEOUT }).toBe("Cancelled");
    await visible(
      output.getByText(`Cancellation Request: Cancelled by ${ADMIN.firstName} ${ADMIN.lastName}`),
    );
    expect(await output.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    // The agent stopped the script on the device.
    await expect.poll(waitScriptRunning, { timeout: STEP_TIMEOUT }).toBe(false);
    expect(await output.getByTestId("job-stdout").innerText()).not.toContain("done waiting");
    await shot("07-cancelled");

    const history = page
      .getByRole("table")
      .filter({ has: page.getByRole("columnheader", { name: "Finished" }) });
    await visible(
      history
        .getByRole("row")
        .filter({ hasText: "Cancellation Request" })
        .getByTestId("job-status")
        .getByText("Cancelled"),
    );
    await fitsWidth();
  });

  it(
    "schedules a library script a minute or two ahead and sees it fire on the agent",
    { timeout: SCHEDULE_TIMEOUT + 60_000 },
    async ({ onTestFailed }) => {
      onTestFailed(async () => {
        await shot("failed-schedule");
        // What the scheduler did: the task's runs and the server's warnings.
        const tasks = await page.request.get("/api/scheduled-tasks");
        console.error(`scheduled tasks: ${await tasks.text()}\nserver log:\n${server.output().slice(-4000)}`);
      });
      const device = need(deviceId, "device");
      need(libraryScriptId, "library script");

      await page.goto("/administration/tasks");
      await inConsole(page);
      await visible(page.getByText("No scheduled tasks yet"));
      await shot("08-tasks-empty");
      await page.getByRole("link", { name: "New task" }).first().click();
      await atPath(page, "/editor/scheduledTask/new");
      await visible(page.getByRole("heading", { name: "New scheduled task" }));

      await page.getByLabel(/^Name/).fill(TASK);
      const devices = page.getByRole("textbox", { name: "Devices" });
      await devices.click();
      await (await visible(page.getByRole("option").first())).click();
      await devices.press("Escape");
      await choose(page, "Script", `${LIBRARY_COPY} (Shell (sh), Linux)`, "Northwind");
      await choose(page, "Preset parameters", "Top 15 by memory");
      await choose(page, "Run As", "System");

      await choose(page, "Repeats", "Run Once");
      await choose(page, "Time zone", TASK_ZONE, TASK_ZONE);
      // The next whole minute at least 40 s away (time to save first): the scheduler waits for it.
      const setRunTime = async () => {
        const at = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
        const when = zonedParts(at, TASK_ZONE);
        await page.getByLabel(/^Date/).fill(when.date);
        await page.getByLabel(/^At$/).fill(when.time);
        return { at, when };
      };
      let { at: fireAt, when } = await setRunTime();

      // The preview shows that one run, in the task's zone (it follows the fields after a pause).
      const preview = page.getByTestId("schedule-preview");
      await expect
        .poll(() => preview.innerText(), { timeout: STEP_TIMEOUT })
        .toMatch(new RegExp(`${when.date} ${when.time}\\s+\\(${TASK_ZONE}\\)`));
      expect(await preview.innerText()).toContain(`Once on ${when.date} at ${when.time}`);
      await shot("09-task-editor");
      await fitsWidth();
      // On a very slow machine the minute may be close by now: move it on before saving.
      if (Date.now() > fireAt.getTime() - 15_000) ({ at: fireAt, when } = await setRunTime());

      await page.getByRole("button", { name: "Create task" }).click();
      await atPath(page, /^\/editor\/scheduledTask\/\d+$/);
      await visible(page.getByText("Scheduled task created"));

      await page.goto("/administration/tasks");
      await inConsole(page);
      const taskRow = page.getByRole("row").filter({ hasText: TASK });
      await visible(taskRow.getByText("1 device"));
      await visible(taskRow.getByText(TASK_ZONE));
      await shot("10-tasks-list");
      await fitsWidth();
      await lastColumnVisible("Actions");

      // The run appears in the activities by itself once the scheduler fires it.
      await page.goto("/systemDashboard/activities/1");
      await inConsole(page);
      const activity = page.getByRole("row").filter({ has: page.getByRole("link", { name: TASK }) });
      await visible(activity, SCHEDULE_TIMEOUT);
      expect(Date.now()).toBeGreaterThanOrEqual(fireAt.getTime());
      await visible(activity.getByText("Succeeded"), STEP_TIMEOUT);
      await shot("11-activities");
      await fitsWidth();
      await lastColumnVisible("User");

      // Its output, from the activity.
      await activity.getByRole("link", { name: TASK }).click();
      await atPath(page, `/deviceDashboard/${device}/tools/1`);
      const output = await visible(page.getByTestId("job-output"));
      await expect.poll(() => output.getByTestId("job-status").textContent()).toBe("Succeeded");
      const stdoutBlock = output.getByTestId("job-stdout");
      await expect
        .poll(() => stdoutBlock.innerText(), { timeout: STEP_TIMEOUT })
        .toMatch(/PID\s+USER\s+MEMORY/);
      const stdout = await stdoutBlock.innerText();
      // The task's Run As and preset reached the run.
      expect(await output.getByTestId("job-run-details").innerText()).toBe(
        "Run As System · Preset Top 15 by memory",
      );
      expect(
        stdout.split("\n").filter((line) => /^\s*\d+\s+\S+\s+[\d.]+M\s/.test(line)).length,
      ).toBeGreaterThan(10);
      await shot("12-scheduled-output");

      // The task list shows the run; a Run Once task has no next run left.
      await page.goto("/administration/tasks");
      await inConsole(page);
      await visible(taskRow.getByText("1 job(s)"));

      expect(pageErrors, "uncaught errors in the page").toEqual([]);
    },
  );
});
