// Device actions in the browser against the real built server and a real agent process on this
// machine: from the device dashboard's Device actions menu, run an ad-hoc command and watch its
// output arrive while it runs; then uninstall the agent, which removes its files and exits.
// (Restart and shutdown are never sent to the real agent here: this machine must not restart.)
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  createOrganization,
  hidden,
  horizontalOverflow,
  inConsole,
  need,
  newAdministrator,
  visible,
} from "./support/console.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

let server: RunningServer;
let browser: Browser;
let page: Page;
let agent: ChildProcess | undefined;
let agentDir: string | undefined;
let deviceId: number | undefined;
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/device-actions-journey-${name}.png`, fullPage: true });
}

async function apiPost<T>(url: string, body: unknown): Promise<T> {
  const session = (await (await page.request.get("/api/auth/session")).json()) as { csrfToken?: string };
  const res = await page.request.post(url, {
    data: body,
    headers: { "x-csrf-token": session.csrfToken ?? "" },
  });
  if (!res.ok()) throw new Error(`POST ${url} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on("pageerror", (error) => pageErrors.push(error.message));
}, SETUP_TIMEOUT);

afterAll(async () => {
  if (agent && agent.exitCode === null) agent.kill("SIGKILL");
  if (agentDir) fs.rmSync(agentDir, { recursive: true, force: true });
  await browser?.close();
  await server?.stop();
});

describe("device actions journey", { timeout: 180_000 }, () => {
  it("enrolls a real agent and runs an ad-hoc command whose output streams into the dialog", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-command"));
    await newAdministrator(page, ADMIN);
    const orgId = (
      await createOrganization(page, {
        name: "Fabrikam Garage",
        description: "Car repairs",
        location: { name: "Workshop", address: "12 Mill Lane, Leeds" },
      })
    ).id;
    const org = (await (await page.request.get(`/api/organizations/${orgId}`)).json()) as {
      locations: { id: number }[];
    };
    const token = await apiPost<{ secret: string; agentServerUrl: string }>(
      `/api/organizations/${orgId}/enrollment-tokens`,
      { locationId: org.locations[0]!.id },
    );
    agentDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-device-actions-agent-"));
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
    await visible(page.getByTestId("device-summary").getByText("Up", { exact: true }));
    await page.getByTestId("device-actions").click();
    await page.getByRole("menuitem", { name: "Run command" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Run command" }));
    await dialog.getByTestId("command-input").fill("echo checking-disk; sleep 4; echo all-done");
    await dialog.getByRole("button", { name: "Run", exact: true }).click();
    // The first line shows while the command still runs.
    const output = dialog.getByTestId("command-output");
    await visible(output.getByText(/checking-disk/));
    expect(await dialog.getByTestId("command-status").innerText()).toBe("Running…");
    expect(await output.getByText(/all-done/).count()).toBe(0);
    await shot("01-command-running");
    await visible(output.getByText(/all-done/), 30_000);
    await visible(dialog.getByText("Finished (exit code 0)."));
    await shot("02-command-finished");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole("button", { name: /close/i }).click();
    await hidden(dialog);
  });

  it("uninstalls the agent from the menu: the agent removes its data folder and exits", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-uninstall"));
    const device = need(deviceId, "device");
    const running = need(agent, "agent");
    const exited = new Promise((resolve) => running.once("exit", resolve));
    await page.goto(`/deviceDashboard/${device}/overview`);
    await inConsole(page);
    await page.getByTestId("device-actions").click();
    await page.getByRole("menuitem", { name: "Uninstall agent" }).click();
    const confirm = await visible(page.getByRole("dialog", { name: "Uninstall the agent?" }));
    await shot("03-uninstall-confirm");
    await confirm.getByRole("button", { name: "Uninstall agent" }).click();
    await visible(page.getByText("The agent is uninstalling itself; the device is archived."));
    await exited;
    expect(fs.existsSync(need(agentDir, "agent folder"))).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
