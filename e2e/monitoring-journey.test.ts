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
  STEP_TIMEOUT,
  createOrganization,
  hidden,
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
/** How often the agent evaluates its conditions in this journey (60 s by default). */
const CONDITION_SECONDS = 2;
/**
 * How long the journey watches for something that must not happen (a duplicate notification, a
 * reset before the hysteresis threshold): several of the agent's evaluations.
 */
const QUIET_MS = 5 * CONDITION_SECONDS * 1000 + 2_000;
const DISK_CONDITION = "Stock disk almost full";
const PROCESS_CONDITION = "Stock service stopped";
const ACK_NOTE = "Clearing old stock exports";

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

/** The file that takes the small filesystem's space. */
function ballastFile(): string {
  return path.join(need(mountPoint, "mount point"), "ballast.bin");
}

/** Free space of the small filesystem as the agent measures it: available of all blocks, percent. */
function freePercent(): number {
  const s = fs.statfsSync(need(mountPoint, "mount point"));
  return (s.bavail / s.blocks) * 100;
}

/**
 * Grows or shrinks the ballast file until about `percent` of the filesystem is free, in one step
 * (fallocate or truncate), so the agent never measures a half-written file.
 */
async function leaveFree(percent: number): Promise<number> {
  const file = ballastFile();
  const s = fs.statfsSync(need(mountPoint, "mount point"));
  const current = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const wantedFree = Math.floor((s.blocks * percent) / 100) * s.bsize;
  const size = Math.max(0, current + s.bavail * s.bsize - wantedFree);
  if (size > current) await run("fallocate", ["-l", String(size), file]);
  else fs.truncateSync(file, size);
  return freePercent();
}

interface Alert {
  id: number;
  status: "OPEN" | "RESET";
  severity: string;
  priority: string;
  condition: { key: string; name: string; kind: string };
  device: { id: number; name: string };
  organization: { id: number; name: string };
  policy: { id: number; name: string } | null;
  count: number;
  value: number | null;
  detail: string;
  inMaintenance: boolean;
  acknowledged: { by: string; at: string; note: string } | null;
  reset: { cause: string; at: string; by: string | null; note: string } | null;
}

/** The device's alerts as the alerts API lists them: open ones, or the history of reset ones. */
async function alertsOf(status: "OPEN" | "RESET" = "OPEN"): Promise<Alert[]> {
  const device = need(deviceId, "device");
  const list = await api<{ items: Alert[] }>(
    "GET",
    `/api/alerts?deviceId=${device}&status=${status}&pageSize=100`,
  );
  return list.items;
}

/** The open alert of one condition, once there is one. */
async function openAlert(key: string): Promise<Alert> {
  let found: Alert | undefined;
  await expect
    .poll(
      async () => {
        found = (await alertsOf()).find((a) => a.condition.key === key);
        return found !== undefined;
      },
      { timeout: AGENT_TIMEOUT, interval: 500 },
    )
    .toBe(true);
  return need(found, `open alert of ${key}`);
}

/** What the webhook received of alerts: kind and condition, in order of arrival. */
function alertNotifications(): { kind: string; title: string; signed: boolean }[] {
  return receiver.received
    .filter((r) => r.body.kind?.startsWith("ALERT_"))
    .map((r) => ({ kind: r.body.kind ?? "", title: r.body.title ?? "", signed: r.signed }));
}

/** Waits for the webhook to have received `count` alert notifications. */
async function notificationsArrive(count: number): Promise<void> {
  await expect
    .poll(() => alertNotifications().length, { timeout: AGENT_TIMEOUT, interval: 500 })
    .toBeGreaterThanOrEqual(count);
}

/** Watches for `ms` that nothing more reaches the webhook. */
async function nothingMoreArrives(ms: number): Promise<void> {
  const before = receiver.received.length;
  await new Promise((r) => setTimeout(r, ms));
  expect(receiver.received.slice(before).map((r) => r.body.kind)).toEqual([]);
}

/** The small filesystem's used space in the agent's latest metric sample, percent. */
async function latestUsedPercent(): Promise<number> {
  const mount = need(mountPoint, "mount point");
  const m = await api<{
    disks: { mount: string; used: { avg: (number | null)[] }; totalBytes: number | null }[];
  }>("GET", `/api/devices/${need(deviceId, "device")}/metrics?range=1h`);
  const disk = m.disks.find((d) => d.mount === mount);
  const used = disk?.used.avg.filter((v): v is number => v !== null).at(-1);
  return used === undefined || !disk?.totalBytes ? NaN : (used / disk.totalBytes) * 100;
}

/** A value as the console writes it (en: up to two decimals). */
const shown = (value: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);

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
      env: {
        ...process.env,
        STEWARD_AGENT_METRIC_SECONDS: String(METRIC_SECONDS),
        STEWARD_AGENT_CONDITION_SECONDS: String(CONDITION_SECONDS),
      },
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
      // Room for every notification of the journey inside one throttle window (no digest).
      { type: "WEBHOOK", name: CHANNEL, url: receiver.url, secret: WEBHOOK_SECRET, throttleLimit: 20 },
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
            name: DISK_CONDITION,
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
            name: PROCESS_CONDITION,
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

  it("raises one alert each when the filesystem fills and the process stops, with the values that caused them", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => console.error(`agent output:\n${agentLog}\nserver output:\n${server.output()}`));
    const mount = need(mountPoint, "mount point");
    expect(await alertsOf()).toEqual([]);

    const free = await leaveFree(25);
    await stopProcess(need(watched, "watched process"));
    await expect.poll(watchedRunning).toBe(false);

    const disk = await openAlert("stockDiskFree");
    const proc = await openAlert("stockProcess");
    expect(disk).toMatchObject({
      severity: "CRITICAL",
      priority: "HIGH",
      condition: { name: DISK_CONDITION, kind: "diskFree" },
      organization: { name: ORG.name },
      policy: { name: POLICY },
      count: 1,
      acknowledged: null,
    });
    // The value is the free space the agent measured: what the filesystem has free now.
    expect(disk.value).toBeCloseTo(free, 0);
    expect(disk.detail).toMatch(new RegExp(`^${mount}: \\d+\\.\\d% free`));
    expect(proc).toMatchObject({
      severity: "MAJOR",
      priority: "MEDIUM",
      condition: { name: PROCESS_CONDITION, kind: "process" },
      count: 1,
      value: 0,
      detail: `process ${PROCESS_NAME} is not running`,
    });

    // One signed notification for each, to the condition's channel.
    await notificationsArrive(2);
    const sent = alertNotifications();
    expect(sent.map((n) => n.kind)).toEqual(["ALERT_TRIGGERED", "ALERT_TRIGGERED"]);
    expect(sent.every((n) => n.signed)).toBe(true);
    expect(sent.map((n) => n.title).join("\n")).toContain(DISK_CONDITION);
    expect(sent.map((n) => n.title).join("\n")).toContain(PROCESS_CONDITION);
  });

  it("keeps them as they are while the agent evaluates on: no repeat notification, no reset before the reset threshold", async () => {
    // 55 % free is no longer below the trigger (50 %) but not yet above the reset value (60 %).
    const free = await leaveFree(55);
    expect(free).toBeGreaterThan(50);
    expect(free).toBeLessThan(60);
    // The agent has seen the new free space once its samples show it (used was about 75 %);
    // from then on it evaluates the condition several times while nothing may happen.
    await expect.poll(latestUsedPercent, { timeout: AGENT_TIMEOUT, interval: 1_000 }).toBeLessThan(50);
    await nothingMoreArrives(QUIET_MS);
    expect(alertNotifications()).toHaveLength(2);
    const open = await alertsOf();
    expect(open.map((a) => [a.condition.key, a.count]).sort()).toEqual([
      ["stockDiskFree", 1],
      ["stockProcess", 1],
    ]);
  });

  it("shows both alerts with their values on the alerts page, where one is acknowledged with a note", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-alerts-page"));
    const [disk] = (await alertsOf()).filter((a) => a.condition.key === "stockDiskFree");
    const alert = need(disk, "disk alert");

    await page.goto("/systemDashboard/alerts");
    await inConsole(page);
    const table = await visible(page.getByRole("table", { name: "Alerts" }));
    const diskRow = table.getByRole("row").filter({ hasText: DISK_CONDITION });
    const processRow = table.getByRole("row").filter({ hasText: PROCESS_CONDITION });
    await visible(diskRow.getByText("Critical", { exact: true }));
    await visible(diskRow.getByText(shown(need(alert.value ?? undefined, "disk value")), { exact: true }));
    await visible(diskRow.getByText(alert.detail, { exact: true }));
    await visible(diskRow.getByRole("link", { name: ORG.name }));
    await visible(processRow.getByText("Major", { exact: true }));
    await visible(processRow.getByText(`process ${PROCESS_NAME} is not running`, { exact: true }));
    await fitsWidth(page);
    await shot("02-alerts-open");

    await diskRow.getByRole("button", { name: `Acknowledge ${DISK_CONDITION} on` }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Acknowledge alert" }));
    await dialog.getByLabel("Note").fill(ACK_NOTE);
    await dialog.getByRole("button", { name: "Acknowledge", exact: true }).click();
    await hidden(dialog);
    await visible(diskRow.getByLabel(/^Acknowledged by Ada Lovelace at /));
    // The other alert is still waiting for someone.
    await visible(processRow.getByRole("button", { name: `Acknowledge ${PROCESS_CONDITION} on` }));
    expect(await processRow.getByText("Acknowledged").count()).toBe(0);
    await shot("03-alerts-acknowledged");

    const acknowledged = (await alertsOf()).find((a) => a.id === alert.id);
    expect(acknowledged?.acknowledged).toMatchObject({ by: "Ada Lovelace", note: ACK_NOTE });
    // Acknowledging keeps the alert open and tells no channel.
    expect(acknowledged?.status).toBe("OPEN");
    expect(alertNotifications()).toHaveLength(2);
  });

  it("shows the open alerts and the agent's samples on the device overview", async ({ onTestFailed }) => {
    onTestFailed(() => shot("failed-device-overview"));
    const device = need(deviceId, "device");
    const mount = need(mountPoint, "mount point");

    await page.goto(`/deviceDashboard/${device}/overview`);
    await inConsole(page);
    const card = await visible(page.getByTestId("device-alerts"));
    await visible(card.getByText("2 open", { exact: true }));
    const rows = card.getByRole("table", { name: "Open alerts of this device" });
    await visible(rows.getByRole("row").filter({ hasText: DISK_CONDITION }));
    await visible(rows.getByRole("row").filter({ hasText: PROCESS_CONDITION }));

    const metrics = await visible(page.getByTestId("device-metrics"));
    // The last hour shows every sample as the agent sent it (longer ranges show rollups).
    await metrics.getByText("1 h", { exact: true }).click();
    await visible(metrics.getByTestId("metric-chart-cpu"));
    // The charts' text twin: the small filesystem's line, whose latest sample has the ballast in it.
    const disk = page.getByRole("table", { name: /^Disk over the chosen time range/ });
    const row = disk
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: mount, exact: true }) });
    const latest = row.getByRole("cell").last();
    await expect
      .poll(async () => Number(/^([\d.]+)%$/.exec((await latest.textContent()) ?? "")?.[1] ?? NaN), {
        timeout: STEP_TIMEOUT,
      })
      .toBeGreaterThan(30);
    await fitsWidth(page);
    await shot("04-device-overview");
  });

  it("resets both alerts once there is room again and the process runs, and tells the channel", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-reset"));
    // The alerts page stays open through the recovery: it lists both alerts, its live stream is
    // open (the page polls not at all then), and the resets must reach it without a reload.
    await page.goto("/systemDashboard/alerts");
    await inConsole(page);
    const openTable = await visible(page.getByRole("table", { name: "Alerts" }));
    await visible(openTable.getByRole("row").filter({ hasText: DISK_CONDITION }));
    await visible(page.getByTestId("live-indicator").getByText("Live", { exact: true }));
    const free = await leaveFree(90);
    expect(free).toBeGreaterThan(60);
    startWatched();
    await expect.poll(watchedRunning).toBe(true);

    await expect
      .poll(async () => (await alertsOf()).length, { timeout: AGENT_TIMEOUT, interval: 500 })
      .toBe(0);
    const history = await alertsOf("RESET");
    expect(history.map((a) => [a.condition.key, a.reset?.cause]).sort()).toEqual([
      ["stockDiskFree", "RECOVERED"],
      ["stockProcess", "RECOVERED"],
    ]);
    // A reset is notified like a trigger, once per alert.
    await notificationsArrive(4);
    expect(alertNotifications().map((n) => n.kind)).toEqual([
      "ALERT_TRIGGERED",
      "ALERT_TRIGGERED",
      "ALERT_RESET",
      "ALERT_RESET",
    ]);

    // Heard over the live stream, on the page loaded before the resets.
    await visible(page.getByText("No open alerts", { exact: true }));
    await page.getByText("History", { exact: true }).click();
    const table = await visible(page.getByRole("table", { name: "Alerts" }));
    await visible(table.getByRole("row").filter({ hasText: DISK_CONDITION }).getByText("Recovered"));
    await visible(table.getByRole("row").filter({ hasText: PROCESS_CONDITION }).getByText("Recovered"));
    await fitsWidth(page);
    await shot("05-alerts-history");

    // The device's activities tell the whole story: triggers, notifications and resets.
    await page.goto(`/deviceDashboard/${need(deviceId, "device")}/activities/1`);
    await inConsole(page);
    const channel = need(channelId, "channel");
    for (const [condition, severity] of [
      [DISK_CONDITION, "CRITICAL"],
      [PROCESS_CONDITION, "MAJOR"],
    ] as const) {
      await visible(page.getByText(`Alert triggered: ${condition} (${severity}): `));
      await visible(page.getByText(`Alert reset: ${condition} recovered`, { exact: true }));
      // One for the trigger, one for the reset.
      await expect
        .poll(() => page.getByText(`Notification for ${condition}: channel ${channel} delivered`).count())
        .toBe(2);
    }
    await shot("06-device-activities");
  });

  it("holds back the notifications while a maintenance window covers the device, and sends again once it ends", async ({
    onTestFailed,
  }) => {
    onTestFailed(() => shot("failed-maintenance"));
    const device = need(deviceId, "device");
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const window = await api<{ id: number; status: string }>("POST", "/api/maintenance-windows", {
      name: "Stock server disk swap",
      targets: { deviceIds: [device] },
      timing: { kind: "ONE_OFF", startsAt, endsAt: new Date(Date.now() + 3_600_000).toISOString() },
      suppress: { alerts: false, notifications: true, automations: false },
    });
    expect(window.status).toBe("ACTIVE");

    await leaveFree(25);
    await stopProcess(need(watched, "watched process"));
    const disk = await openAlert("stockDiskFree");
    const proc = await openAlert("stockProcess");
    // The alerts open (the window does not hold back alerts), marked as raised in maintenance.
    expect([disk.inMaintenance, proc.inMaintenance]).toEqual([true, true]);
    await nothingMoreArrives(QUIET_MS);
    expect(alertNotifications()).toHaveLength(4);

    await page.goto("/systemDashboard/alerts");
    await inConsole(page);
    const table = await visible(page.getByRole("table", { name: "Alerts" }));
    await visible(table.getByRole("row").filter({ hasText: DISK_CONDITION }).getByText("Maintenance"));
    await shot("07-alerts-in-maintenance");

    // The window ends now: what follows is notified again.
    const ended = await api<{ status: string }>("PUT", `/api/maintenance-windows/${window.id}`, {
      name: "Stock server disk swap",
      targets: { deviceIds: [device] },
      timing: { kind: "ONE_OFF", startsAt, endsAt: new Date().toISOString() },
      suppress: { alerts: false, notifications: true, automations: false },
    });
    expect(ended.status).toBe("PAST");
    await leaveFree(90);
    startWatched();
    await expect
      .poll(async () => (await alertsOf()).length, { timeout: AGENT_TIMEOUT, interval: 500 })
      .toBe(0);
    await notificationsArrive(6);
    expect(
      alertNotifications()
        .slice(4)
        .map((n) => n.kind),
    ).toEqual(["ALERT_RESET", "ALERT_RESET"]);
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
