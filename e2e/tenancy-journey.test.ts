// Tenancy end to end, as a new user meets it, against the real built server, real agents and a
// real browser: organization A has a real agent on this machine, organization B three simulated
// devices with a finished and a waiting script; the server's own local agent sits in a third
// organization. A technician whose only role is limited to A signs in and finds nothing of B
// anywhere: device search and its CSV export, the dashboard, B's organization page, activities,
// pending scripts, the audit log and direct API calls; running a script on A's device works.
// The administrator's audit log then names the technician's sign-in and job submit.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  acceptInvite,
  atPath,
  createOrganization,
  inConsole,
  need,
  newAdministrator,
  signOut,
  statValue,
  submitPassword,
  visible,
  type Authenticator,
} from "./support/console.js";
import {
  AGENT_TIMEOUT,
  HELPDESK_ROLE as ROLE,
  HELPDESK_TECH as TECH,
  ORG_A,
  ORG_B,
  eventuallyVisible,
  fitsWidth,
  journeyPage,
  scratchFolders,
  stopProcess,
} from "./support/journey.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";
import { freshCode } from "./support/totp.js";

const run = promisify(execFile);
const agentBundle = path.join(repoRoot, "apps/agent/dist/steward-agent.mjs");

const TEMPLATE = "Linux: top processes by memory";
/** B's scripts: one that ran, one that waits for its device to come back. */
const B_DONE = "Bravo stock check";
const B_WAITING = "Bravo overnight update";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let tech: Page | undefined;
const pageErrors: string[] = [];
const { make: tempDir, removeAll: removeScratch } = scratchFolders();
const children: ChildProcess[] = [];
let agentLog = "";

// Filled by earlier steps; each step needs the ones before it.
let orgA: number | undefined;
let orgB: number | undefined;
let deviceA: number | undefined;
let devicesB: { id: number; hostname: string }[] | undefined;
let bJobUid: string | undefined;
let fleet: ChildProcess | undefined;
let techAuth: Authenticator | undefined;
let techSignedIn: boolean | undefined;
let techJobDone: boolean | undefined;

/** Screenshots: /tmp/tenancy-journey-<name>.png, the whole page at 1024 px. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/tenancy-journey-${name}.png`, fullPage: true });
}

/** A table's last column is whole on screen, not cut by its scroll container or the window. */
async function lastColumnVisible(table: Locator): Promise<void> {
  const th = await visible(table.getByRole("columnheader").last());
  const measured = await th.evaluate((cell) => {
    const right = cell.getBoundingClientRect().right;
    const widths = Array.from(cell.parentElement?.children ?? [], (c) => Math.round(c.clientWidth));
    for (let el = cell.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible")
        return { cut: right - el.getBoundingClientRect().right, room: el.clientWidth, widths };
    }
    return { cut: right - window.innerWidth, room: window.innerWidth, widths };
  });
  expect(
    measured.cut,
    `the last column is cut off on ${table.page().url()}: columns ${measured.widths.join(", ")} px in ${measured.room} px`,
  ).toBeLessThanOrEqual(0.5);
}

async function csrfOf(page: Page): Promise<string> {
  const session = (await (await page.request.get("/api/auth/session")).json()) as { csrfToken?: string };
  return session.csrfToken ?? "";
}

/** A call the console itself would make, with the page's session cookie and CSRF token. */
async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const res = await page.request.post(url, { data: body, headers: { "x-csrf-token": await csrfOf(page) } });
  if (!res.ok()) throw new Error(`POST ${url} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

interface DeviceRow {
  id: number;
  hostname: string;
  organizationId: number;
  status: string;
}

async function devicesOf(page: Page, organizationId: number): Promise<DeviceRow[]> {
  const list = await apiGet<{ items: DeviceRow[] }>(page, "/api/devices?pageSize=200");
  return list.items.filter((d) => d.organizationId === organizationId);
}

async function tokenFor(page: Page, organizationId: number) {
  const org = await apiGet<{ locations: { id: number }[] }>(page, `/api/organizations/${organizationId}`);
  return apiPost<{ secret: string; agentServerUrl: string; serverKeyFingerprint: string }>(
    page,
    `/api/organizations/${organizationId}/enrollment-tokens`,
    { locationId: org.locations[0]!.id },
  );
}

function startAgentProcess(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [agentBundle, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (agentLog += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (agentLog += d.toString()));
  children.push(child);
  return child;
}

/** A script run the way the tools page submits it: a shell body on one device. */
function scriptJob(deviceId: number, name: string) {
  return {
    nodes: [
      {
        nodeId: deviceId,
        jobs: [
          {
            jobType: "ACTION",
            jobName: name,
            content: { script: { name, language: "bash", body: "echo checked\n" }, runAs: "System" },
          },
        ],
      },
    ],
  };
}

interface SubmitAnswer {
  jobs: { jobUid: string }[];
}

beforeAll(async () => {
  // With the server's own local agent: a third organization the technician must not see either,
  // enrolled by the server with its command key pinned.
  server = await startServer({ STEWARD_LOCAL_AGENT: "true" });
  browser = await launchBrowser();
  admin = await journeyPage(browser, server.url, pageErrors);
  await newAdministrator(admin);
  orgA = (await createOrganization(admin, ORG_A)).id;
  orgB = (await createOrganization(admin, ORG_B)).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  for (const child of children) await stopProcess(child);
  await browser?.close();
  await server?.stop();
  removeScratch();
});

describe("tenancy journey", { timeout: 240_000 }, () => {
  it("enrolls a real agent into A and three simulated devices into B; B runs a script", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-devices");
      console.error(`agent output:\n${agentLog}\nserver output:\n${server.output()}`);
    });
    const a = need(orgA, "organization A");
    const b = need(orgB, "organization B");

    // A: the agent command line with the token and the pinned server key, then the service.
    const tokenA = await tokenFor(admin, a);
    expect(tokenA.serverKeyFingerprint).toMatch(/^[0-9a-f]{64}$/);
    const dataDir = tempDir("steward-tenancy-agent-");
    const enrolled = await run(process.execPath, [
      agentBundle,
      "enroll",
      "--server",
      tokenA.agentServerUrl,
      "--token",
      tokenA.secret,
      "--server-key-fingerprint",
      tokenA.serverKeyFingerprint,
      "--data-dir",
      dataDir,
    ]);
    deviceA = Number(/Enrolled as device (\d+)\./.exec(enrolled.stdout)?.[1]);
    expect(deviceA, `${enrolled.stdout}${enrolled.stderr}`).toBeGreaterThan(0);
    // Pinned: the agent did not have to trust the key it was sent.
    expect(enrolled.stderr).not.toContain("No --server-key-fingerprint given");
    startAgentProcess(["run", "--data-dir", dataDir]);

    // B: three simulated agents speaking the real protocol.
    const tokenB = await tokenFor(admin, b);
    fleet = startAgentProcess([
      "simulate",
      "--server",
      tokenB.agentServerUrl,
      "--token",
      tokenB.secret,
      "--count",
      "3",
      "--state-file",
      path.join(tempDir("steward-tenancy-fleet-"), "fleet.json"),
    ]);
    await expect
      .poll(async () => (await devicesOf(admin, b)).filter((d) => d.status === "UP").length, {
        timeout: AGENT_TIMEOUT,
      })
      .toBe(3);
    devicesB = (await devicesOf(admin, b)).map(({ id, hostname }) => ({ id, hostname }));

    // The administrator runs a script on B's first device, and it finishes.
    const target = devicesB[0]!.id;
    const submitted = await apiPost<SubmitAnswer>(admin, "/api/webapp/submit/job", scriptJob(target, B_DONE));
    bJobUid = submitted.jobs[0]!.jobUid;
    await expect
      .poll(
        async () =>
          (await apiGet<{ job: { jobStatus: string } }>(admin, `/api/webapp/job/${need(bJobUid, "B job")}`))
            .job.jobStatus,
        { timeout: STEP_TIMEOUT },
      )
      .toBe("COMPLETED");

    // B's fleet stops; a second script waits for the device to come back (a pending script).
    await stopProcess(need(fleet, "simulated fleet"));
    await expect
      .poll(async () => (await devicesOf(admin, b)).filter((d) => d.status === "UP").length, {
        timeout: STEP_TIMEOUT,
      })
      .toBe(0);
    await apiPost<SubmitAnswer>(admin, "/api/webapp/submit/job", scriptJob(target, B_WAITING));
    await admin.goto("/systemDashboard/pendingScripts");
    await inConsole(admin);
    await visible(admin.getByRole("row").filter({ hasText: B_WAITING }));

    // The administrator sees every organization's devices: A's, B's three and the server's own.
    await admin.goto("/deviceSearch");
    await inConsole(admin);
    await eventuallyVisible(admin, admin.getByRole("status").getByText("5 devices", { exact: true }));
    await visible(admin.getByTestId(`device-row-${deviceA}`).getByText("Up", { exact: true }));
    // The server enrolled its local agent with the command key pinned: the agent had nothing to warn of.
    expect(server.output()).not.toContain("No --server-key-fingerprint given");
  });

  it("a technician holding only an A role accepts the invite and enrolls MFA", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-invite");
    });
    const a = need(orgA, "organization A");

    const role = await apiPost<{ id: number }>(admin, "/api/technician-roles", {
      name: ROLE,
      description: "Looks after Alpha Dental's devices",
      permissions: [
        "organizations.read",
        "dashboard.read",
        "devices.read",
        "devices.manage",
        "jobs.run",
        "audit.read",
      ],
      allOrganizations: false,
      organizationIds: [a],
    });
    const invite = await apiPost<{ inviteUrl: string }>(admin, "/api/technicians", {
      email: TECH.email,
      firstName: TECH.firstName,
      lastName: TECH.lastName,
      roleIds: [role.id],
    });

    // A browser of their own: no administrator session in it.
    tech = await journeyPage(browser, server.url, pageErrors);
    const { secret, lastUsedStep } = await acceptInvite(tech, invite.inviteUrl, TECH.password);
    techAuth = { secret, lastUsedStep };
    await signOut(tech);
  });

  it("the technician signs in and finds only A: device search, CSV export, dashboard, B's page", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-search");
    });
    const auth = need(techAuth, "technician's authenticator");
    const a = need(deviceA, "A's device");
    const bDevices = need(devicesB, "B's devices");
    const page = need(tech, "technician's page");

    // Password, then a code from the authenticator (a 30-s step no earlier code used).
    await submitPassword(page, TECH);
    await atPath(page, "/mfa/verify");
    await page.getByLabel(/Authentication code/).fill(await freshCode(auth.secret, auth.lastUsedStep));
    await page.getByRole("button", { name: "Verify" }).click();
    await inConsole(page);
    techSignedIn = true;

    await page.goto("/deviceSearch");
    await inConsole(page);
    const rowA = page.getByTestId(`device-row-${a}`);
    await visible(rowA.getByText("Up", { exact: true }));
    await visible(rowA.getByText(ORG_A.name));
    await visible(page.getByRole("status").getByText("1 device", { exact: true }));
    expect(await page.locator('[data-testid^="device-row-"]').count()).toBe(1);
    for (const d of bDevices) expect(await page.getByText(d.hostname).count()).toBe(0);
    await fitsWidth(page);
    await lastColumnVisible(page.getByRole("table").first());
    const rowBox = await rowA.boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? Infinity), "device row within 1024 px").toBeLessThanOrEqual(
      1024,
    );
    await shot(page, "technician-device-search");

    // The grid's CSV export, fetched with the page's own session: a header and A's one row.
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = await page.request.get(need(href ?? undefined, "CSV export link"));
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines, "CSV header and rows").toHaveLength(2);
    expect(lines[1]).toContain(ORG_A.name);
    for (const d of bDevices) expect(lines.join("\n")).not.toContain(d.hostname);
    expect(lines.join("\n")).not.toContain(ORG_B.name);

    // The dashboard counts A alone.
    await page.goto("/systemDashboard/overview");
    await inConsole(page);
    await expect.poll(() => statValue(page, "Organizations"), { timeout: STEP_TIMEOUT }).toBe("1");
    expect(await statValue(page, "Devices")).toBe("1");

    // B's organization page answers like one that does not exist.
    await page.goto(`/customerDashboard/${need(orgB, "organization B")}/overview`);
    await inConsole(page);
    await visible(page.getByText("This organization does not exist"));
    expect(await page.getByText(ORG_B.name).count()).toBe(0);
  });

  it("the technician runs a script on A's device from its tools page and sees it succeed", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-run");
      console.error(`agent output:\n${agentLog}`);
    });
    need(techSignedIn, "signed-in technician");
    const page = tech!;
    const a = need(deviceA, "A's device");

    await page.goto(`/deviceDashboard/${a}/tools/1`);
    await inConsole(page);
    await visible(page.getByRole("heading", { name: "Run a script" }));
    const script = page.getByRole("textbox", { name: "Script", exact: true });
    await script.click();
    await script.fill("top processes");
    await (
      await visible(page.getByRole("option", { name: `${TEMPLATE} (Shell (sh), Linux)`, exact: true }))
    ).click();
    const runAs = page.getByRole("textbox", { name: "Run As", exact: true });
    await runAs.click();
    await (await visible(page.getByRole("option", { name: "System", exact: true }))).click();
    await page.getByRole("button", { name: "Run script" }).click();
    const output = await visible(page.getByTestId("job-output"));
    await expect
      .poll(() => output.getByTestId("job-status").textContent(), { timeout: STEP_TIMEOUT })
      .toBe("Succeeded");
    await expect
      .poll(() => output.getByTestId("job-stdout").innerText(), { timeout: STEP_TIMEOUT })
      .toMatch(/PID\s+USER\s+MEMORY/);
    techJobDone = true;
  });

  it("activities, pending scripts, the audit log and the API show the technician nothing of B", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      if (tech) await shot(tech, "failed-activities");
    });
    need(techJobDone, "the technician's job");
    const page = tech!;
    const a = need(deviceA, "A's device");
    const bDevices = need(devicesB, "B's devices");
    const bDevice = bDevices[0]!.id;

    await page.goto("/systemDashboard/activities/1");
    await inConsole(page);
    const mine = page.getByRole("row").filter({ has: page.getByRole("link", { name: TEMPLATE }) });
    await visible(mine.getByText("Succeeded"));
    await visible(mine.getByText(`${TECH.firstName} ${TECH.lastName}`));
    for (const text of [B_DONE, B_WAITING, ...bDevices.map((d) => d.hostname)])
      expect(await page.getByText(text).count(), `"${text}" in the technician's activities`).toBe(0);
    await fitsWidth(page);

    await page.goto("/systemDashboard/pendingScripts");
    await inConsole(page);
    await visible(page.getByText("No pending scripts"));
    expect(await page.getByText(B_WAITING).count()).toBe(0);

    // The audit log, read with an A-limited audit.read: A's events, not the administrator's B submits.
    await page.goto("/administration/general/activities");
    await inConsole(page);
    const submitted = page.getByRole("row").filter({ hasText: "Jobs submitted" });
    await visible(submitted.filter({ hasText: TECH.email }).first());
    await visible(submitted.filter({ hasText: ORG_A.name }).first());
    expect(await page.getByRole("row").filter({ hasText: ORG_B.name }).count()).toBe(0);

    // Straight to the API with the page's session: B answers exactly like something missing.
    const missingDevice = await page.request.get("/api/devices/2147483647");
    const bDeviceAnswer = await page.request.get(`/api/devices/${bDevice}`);
    expect(bDeviceAnswer.status()).toBe(404);
    const missingBody = (await missingDevice.json()) as { code: string; message: string };
    const bBody = (await bDeviceAnswer.json()) as { code: string; message: string };
    expect({ code: bBody.code, message: bBody.message }).toEqual({
      code: missingBody.code,
      message: missingBody.message,
    });
    expect((await page.request.get(`/api/devices/${a}`)).status()).toBe(200);
    expect((await page.request.get(`/api/devices/${bDevice}/activities`)).status()).toBe(404);
    expect((await page.request.get(`/api/webapp/job/${need(bJobUid, "B job")}`)).status()).toBe(404);
    expect((await page.request.get(`/api/organizations/${need(orgB, "organization B")}`)).status()).toBe(404);
    // A run on B's device is refused and leaves B's pending scripts as they were.
    const refused = await page.request.post("/api/webapp/submit/job", {
      data: scriptJob(bDevice, "Not allowed"),
      headers: { "x-csrf-token": await csrfOf(page) },
    });
    expect(refused.status()).toBe(404);
    const pending = await apiGet<{ items: { jobName?: string }[] }>(admin, "/api/jobs/pending");
    expect(JSON.stringify(pending)).not.toContain("Not allowed");
    expect(pageErrors).toEqual([]);
  });

  it("the administrator's audit log names the technician's sign-in and job submit in A", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await shot(admin, "failed-audit");
    });
    need(techJobDone, "the technician's job");

    await admin.goto("/administration/general/activities");
    await inConsole(admin);
    const rows = admin.getByRole("row");
    const signIn = rows.filter({ hasText: "Auth sign in" }).filter({ hasText: TECH.email });
    await visible(signIn.first());
    // Accepting the invite is the technician's own act too.
    await visible(rows.filter({ hasText: "Technician invite accepted" }).filter({ hasText: TECH.email }));
    const submit = rows
      .filter({ hasText: "Jobs submitted" })
      .filter({ hasText: TECH.email })
      .filter({ hasText: ORG_A.name });
    await visible(submit.first());
    // The administrator's own submits in B are there too, under B.
    await visible(rows.filter({ hasText: "Jobs submitted" }).filter({ hasText: ORG_B.name }).first());
    await fitsWidth(admin);
    await lastColumnVisible(admin.getByTestId("audit-table"));
    await shot(admin, "admin-audit-log");
    expect(pageErrors).toEqual([]);
  });
});
