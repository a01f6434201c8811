// Issue 9's monitoring journey, against the real built server, a real agent process on this
// machine and a real browser: a policy with a disk-free condition on a small throwaway filesystem
// and a process condition, sent to a signed webhook on loopback; the device's charts show samples.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  createOrganization,
  inConsole,
  need,
  newAdministrator,
  visible,
} from "./support/console.js";
import { AGENT_TIMEOUT, fitsWidth, journeyPage, scratchFolders, stopProcess } from "./support/journey.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

const ORG = {
  name: "Contoso Pharmacy",
  description: "Two branches and a stock server",
  location: { name: "High Street Branch", address: "12 High Street" },
};
const WEBHOOK_SECRET = "journey webhook signing secret";
const CHANNEL = "On-call webhook";
const POLICY = "Stock server monitoring";
/**
 * The watched process: a copy of sleep under a name of its own (at most 15 characters, the
 * length Linux keeps of a process name), so nothing else on this machine matches it.
 */
const PROCESS_NAME = "stwd-e2e-stock";
const FILESYSTEM_MB = 8;
/** How often the agent samples in this journey (the chart needs a few samples quickly). */
const METRIC_SECONDS = 5;

let server: RunningServer;
let browser: Browser;
let page: Page;
let receiver: WebhookReceiver;
const pageErrors: string[] = [];
const { make: tempDir, removeAll: removeScratch } = scratchFolders();
let mountPoint: string | undefined;
let watchedBinary: string | undefined;
let watched: ChildProcess | undefined;
let agent: ChildProcess | undefined;
let agentLog = "";

// Filled by earlier steps; each step needs the ones before it.
let orgId: number | undefined;
let deviceId: number | undefined;
let channelId: number | undefined;

/** The journey's screenshots: test-results/monitoring-journey-<name>.png, the whole page. */
async function shot(name: string): Promise<void> {
  const file = path.join(repoRoot, "test-results", `monitoring-journey-${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** A call the console itself would make, with the session's cookie and CSRF token. */
async function api<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (method !== "GET") {
    const session = (await (await page.request.get("/api/auth/session")).json()) as { csrfToken?: string };
    headers["x-csrf-token"] = session.csrfToken ?? "";
  }
  const res = await page.request.fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { data: body }),
  });
  if (!res.ok()) throw new Error(`${method} ${url} → ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** Starts the watched process (the process condition's subject). */
function startWatched(): ChildProcess {
  const child = spawn(need(watchedBinary, "watched binary"), ["100000"], { stdio: "ignore" });
  watched = child;
  return child;
}

/** Is a process of that name running on this machine now? */
async function watchedRunning(): Promise<boolean> {
  const { stdout } = await run("ps", ["-eo", "comm="]);
  return stdout.split("\n").some((line) => line.trim() === PROCESS_NAME);
}

beforeAll(async () => {
  // A small filesystem of its own on a loop device (the agent reports block-device filesystems,
  // not tmpfs), without reserved blocks, so free space is what a file leaves.
  const image = path.join(tempDir("steward-monitoring-img-"), "stock.img");
  await run("truncate", ["-s", `${FILESYSTEM_MB}M`, image]);
  await run("mkfs.ext4", ["-q", "-F", "-m", "0", image]);
  const dir = tempDir("steward-monitoring-fs-");
  await run("mount", ["-o", "loop", image, dir]);
  mountPoint = dir;
  const bin = tempDir("steward-monitoring-bin-");
  watchedBinary = path.join(bin, PROCESS_NAME);
  fs.copyFileSync((await run("sh", ["-c", "command -v sleep"])).stdout.trim(), watchedBinary);
  fs.chmodSync(watchedBinary, 0o755);

  receiver = await startWebhookReceiver(WEBHOOK_SECRET);
  server = await startServer({ STEWARD_WEBHOOKS_ALLOW_LOOPBACK: "true" });
  browser = await launchBrowser();
  page = await journeyPage(browser, server.url, pageErrors);
  await newAdministrator(page);
  orgId = (await createOrganization(page, ORG)).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  if (agent) await stopProcess(agent);
  if (watched) await stopProcess(watched);
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  if (mountPoint)
    await run("umount", [mountPoint]).catch(() => run("umount", ["-l", need(mountPoint, "mount")]));
  removeScratch();
});

describe("monitoring journey", { timeout: 180_000 }, () => {
  it("enrolls a real agent that reports the small filesystem among its volumes", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await shot("failed-enroll");
      console.error(`agent output:\n${agentLog}\nserver output:\n${server.output()}`);
    });
    const org = need(orgId, "organization");
    const mount = need(mountPoint, "mount point");
    startWatched();
    await expect.poll(watchedRunning).toBe(true);

    const detail = await api<{ locations: { id: number }[] }>("GET", `/api/organizations/${org}`);
    const token = await api<{ secret: string; agentServerUrl: string }>(
      "POST",
      `/api/organizations/${org}/enrollment-tokens`,
      { locationId: detail.locations[0]!.id },
    );
    const agentDir = tempDir("steward-monitoring-agent-");
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
    agent = spawn(process.execPath, [agentBundle, "run", "--data-dir", agentDir], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, STEWARD_AGENT_METRIC_SECONDS: String(METRIC_SECONDS) },
    });
    agent.stdout?.on("data", (d: Buffer) => (agentLog += d.toString()));
    agent.stderr?.on("data", (d: Buffer) => (agentLog += d.toString()));

    // The inventory lists the throwaway filesystem: the condition below watches it.
    await expect
      .poll(
        async () => {
          const device = await api<{ inventory: { volumes?: { mount: string }[] } }>(
            "GET",
            `/api/devices/${deviceId}`,
          );
          return (device.inventory.volumes ?? []).map((v) => v.mount);
        },
        { timeout: AGENT_TIMEOUT, interval: 2_000 },
      )
      .toContain(mount);
  });

  it("creates a signed webhook channel that reaches the receiver on loopback", async () => {
    const channel = await api<{ id: number; urlHint: string | null; hasSecret: boolean }>(
      "POST",
      "/api/notification-channels",
      { type: "WEBHOOK", name: CHANNEL, url: receiver.url, secret: WEBHOOK_SECRET },
    );
    channelId = channel.id;
    // Only the scheme and host are ever answered; the secret never.
    expect(channel.urlHint).toBe(`${new URL(receiver.url).origin}/…`);
    expect(channel.hasSecret).toBe(true);

    const test = await api<{ outcome: string }>("POST", `/api/notification-channels/${channel.id}/test`);
    expect(test.outcome).toBe("DELIVERED");
    expect(receiver.received.map((r) => [r.body.kind, r.body.channelId, r.signed])).toEqual([
      ["TEST", channel.id, true],
    ]);
  });

  it("assigns a policy with a disk-free and a process condition, and the agent applies it", async () => {
    const device = need(deviceId, "device");
    const channel = need(channelId, "channel");
    const mount = need(mountPoint, "mount point");
    const effective = await api<{ deviceClass: string | null }>(
      "GET",
      `/api/devices/${device}/effective-policy`,
    );
    const deviceClass = need(effective.deviceClass ?? undefined, "device class");

    const policy = await api<{ id: number; version: number }>("POST", "/api/policies", {
      name: POLICY,
      deviceClass,
      items: {
        conditions: {
          stockDiskFree: {
            name: "Stock disk almost full",
            check: {
              kind: "diskFree",
              mount,
              unit: "PERCENT",
              comparator: "LT",
              value: 50,
              resetValue: 60,
              durationSeconds: 0,
            },
            severity: "CRITICAL",
            priority: "HIGH",
            healthStatus: "UNHEALTHY",
            channelIds: [channel],
          },
          stockProcess: {
            name: "Stock service stopped",
            check: { kind: "process", process: PROCESS_NAME, state: "NOT_RUNNING", durationSeconds: 0 },
            severity: "MAJOR",
            priority: "MEDIUM",
            channelIds: [channel],
          },
        },
      },
    });
    await api("PUT", `/api/devices/${device}/policy-override`, { policyId: policy.id });

    // The device's effective policy is the new one, from its own override, and its agent applied it.
    await expect
      .poll(
        async () => {
          const now = await api<{
            policy: { id: number } | null;
            source: string | null;
            version: number | null;
            lastApplied?: { policyId: number | null; version: number | null } | null;
          }>("GET", `/api/devices/${device}/effective-policy`);
          return [
            now.policy?.id,
            now.source,
            now.lastApplied?.policyId,
            now.lastApplied?.version === now.version,
          ];
        },
        { timeout: AGENT_TIMEOUT, interval: 1_000 },
      )
      .toEqual([policy.id, "DEVICE", policy.id, true]);
  });

  it("shows the agent's samples on the device overview's charts", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-chart"));
    const device = need(deviceId, "device");
    const mount = need(mountPoint, "mount point");

    // The agent samples every few seconds here; the page refreshes its chart only once a minute,
    // so it is opened once the server holds a few samples with the small filesystem in them.
    await expect
      .poll(
        async () => {
          const m = await api<{ times: number[]; disks: { mount: string }[] }>(
            "GET",
            `/api/devices/${device}/metrics?range=1h`,
          );
          return m.times.length >= 2 && m.disks.some((d) => d.mount === mount);
        },
        { timeout: AGENT_TIMEOUT, interval: 1_000 },
      )
      .toBe(true);
    await page.goto(`/deviceDashboard/${device}/overview`);
    await inConsole(page);
    const metrics = await visible(page.getByTestId("device-metrics"));
    // The last hour shows every sample as the agent sent it (longer ranges show rollups).
    await metrics.getByText("1 h", { exact: true }).click();
    await visible(metrics.getByTestId("metric-chart-cpu"), AGENT_TIMEOUT);
    // The charts' text twin: the disk chart has a line for the small filesystem with a latest value.
    const disk = page.getByRole("table", { name: /^Disk over the chosen time range/ });
    const row = disk
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: mount, exact: true }) });
    await expect
      .poll(async () => (await row.getByRole("cell").last().textContent()) ?? "")
      .toMatch(/^\d+(\.\d)?%$/);
    await shot("01-device-charts");
    await fitsWidth(page);
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
