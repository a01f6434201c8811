// Backup in the browser against the real built server and a real agent process on this machine:
// a file/folder plan in the device's policy, run from the device's Backup tab with its progress,
// then a file deleted on disk comes back through the restore wizard.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
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
  horizontalOverflow,
  inConsole,
  need,
  newAdministrator,
  visible,
} from "./support/console.js";
import { consoleApi } from "./support/route-walk.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

let server: RunningServer;
let browser: Browser;
let page: Page;
let agent: ChildProcess | undefined;
let work: string | undefined;
let deviceId: number | undefined;
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/backup-journey-${name}.png`, fullPage: true });
}

const api = <T>(method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  consoleApi<T>(page, method, url.replace(/^\/api/, ""), body);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  work = fs.mkdtempSync(path.join(os.tmpdir(), "steward-backup-journey-"));
}, SETUP_TIMEOUT);

afterAll(async () => {
  if (agent && agent.exitCode === null) agent.kill("SIGKILL");
  if (work) fs.rmSync(work, { recursive: true, force: true });
  await browser?.close();
  await server?.stop();
});

describe("backup journey", { timeout: 240_000 }, () => {
  it("runs a policy's file/folder plan on a real agent and shows the job's progress", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-backup"));
    const dir = need(work, "work folder");
    const docs = path.join(dir, "docs");
    fs.mkdirSync(path.join(docs, "reports"), { recursive: true });
    fs.writeFileSync(path.join(docs, "notes.txt"), "meeting at nine\n");
    fs.writeFileSync(path.join(docs, "reports", "q1.bin"), crypto.randomBytes(8 * 1024 * 1024));

    await newAdministrator(page, ADMIN);
    const orgId = (
      await createOrganization(page, {
        name: "Northwind Archive",
        description: "Records",
        location: { name: "Basement", address: "1 Vault Road, York" },
      })
    ).id;
    const org = await api<{ locations: { id: number }[] }>("GET", `/api/organizations/${orgId}`);
    const token = await api<{ secret: string; agentServerUrl: string }>(
      "POST",
      `/api/organizations/${orgId}/enrollment-tokens`,
      { locationId: org.locations[0]!.id },
    );
    const agentDir = path.join(dir, "agent");
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

    // The plan goes into a policy of the device's class, set on the device.
    const effective = await api<{ deviceClass: string }>("GET", `/api/devices/${deviceId}/effective-policy`);
    const policy = await api<{ id: number }>("POST", "/api/policies", {
      name: "Archive backup",
      deviceClass: effective.deviceClass,
      items: {
        backup: {
          docs: {
            name: "Documents",
            includePaths: [docs],
            excludePatterns: ["*.tmp"],
            retention: { keepLast: 5, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 },
            destination: { type: "local", path: path.join(dir, "repo") },
          },
        },
      },
    });
    await api("PUT", `/api/devices/${deviceId}/policy-override`, { policyId: policy.id });

    await page.goto(`/deviceDashboard/${deviceId}/backup/plans`);
    await inConsole(page);
    const plans = await visible(page.getByRole("table", { name: "Backup plans" }));
    const row = plans.getByTestId("backup-plan-docs");
    await visible(row.getByText("Documents"));
    await visible(row.getByText("Never run"));
    await row.getByRole("button", { name: "Run now" }).click();
    await page.getByRole("tab", { name: "Jobs" }).click();
    const jobs = await visible(page.getByRole("table", { name: "Backup jobs" }));
    await visible(jobs.getByText("Succeeded"), 60_000);
    // The job keeps its final progress: files and bytes read.
    await visible(jobs.getByText(/2 files, 8 MB of 8 MB/));
    await shot("01-backup-done");
    await page.getByRole("tab", { name: "Plans" }).click();
    await visible(page.getByTestId("backup-plan-docs").getByText("Succeeded"));
  });

  it("restores a deleted file through the wizard, back where it was", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-restore"));
    const device = need(deviceId, "device");
    const notes = path.join(need(work, "work folder"), "docs", "notes.txt");
    fs.rmSync(notes);
    // A second backup after the deletion: the first revision shows the file as deleted since.
    await page.goto(`/deviceDashboard/${device}/backup/plans`);
    await inConsole(page);
    await page.getByTestId("backup-plan-docs").getByRole("button", { name: "Run now" }).click();
    await page.getByRole("tab", { name: "Jobs" }).click();
    await expect
      .poll(async () => page.getByRole("table", { name: "Backup jobs" }).getByText("Succeeded").count(), {
        timeout: 60_000,
      })
      .toBe(2);

    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole("tab", { name: "Revisions" }).click();
    const revisions = await visible(page.getByRole("table", { name: "Revisions" }));
    await expect
      .poll(async () => revisions.getByRole("button", { name: "Restore from here" }).count())
      .toBe(2);
    // Newest first: the older revision still has the file.
    await revisions.getByRole("button", { name: "Restore from here" }).nth(1).click();
    const files = await visible(page.getByRole("table", { name: "Files and folders in the revision" }));
    await visible(files.getByText("Deleted since"));
    await files.getByRole("checkbox", { name: `Select ${notes}` }).check();
    await shot("02-wizard-files-1024");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Next" }).click();
    await visible(page.getByRole("radio", { name: "The original location" }));
    await shot("03-wizard-destination-1024");
    await page.getByRole("button", { name: "Start restore" }).click();
    await visible(page.getByText("Restore finished"), 60_000);
    await visible(page.getByText("1 file restored (16 Bytes)"));
    await shot("04-wizard-done-1024");
    expect(fs.readFileSync(notes, "utf8")).toBe("meeting at nine\n");
    expect(pageErrors).toEqual([]);
  });
});
