// Every route of the console's route registry, drawn with real data (an organization, this
// machine's real agent, a script, a device group), checked with axe-core against WCAG 2.0 and
// 2.1 A and AA in the light and the dark colour scheme. Any violation fails, listed by route,
// rule and element.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, screenshot } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  continueAfterEnrollment,
  enrollTotp,
  inConsole,
  setUpAdministrator,
  submitPassword,
  visible,
} from "./support/console.js";
import {
  concretePath,
  registryRoutes,
  seedRealData,
  settled,
  type RegistryEntry,
  type RouteIds,
} from "./support/route-walk.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

interface Violation {
  route: string;
  scheme: Scheme;
  rule: string;
  impact: string;
  targets: string[];
  /** axe's explanation for the first element (colours and ratio for contrast). */
  summary: string;
}

interface AxeResults {
  violations: {
    id: string;
    impact: string | null;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
  passes: { id: string }[];
  incomplete: { id: string }[];
  inapplicable: { id: string }[];
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let routes: RegistryEntry[] = [];
const axeSource = fs.readFileSync(path.join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");
const violations: Violation[] = [];
const rulesChecked = new Set<string>();
const pagesChecked = new Set<string>();
/** Tables a screen reader cannot name (no caption, no label) or whose columns have no headers. */
const tableProblems = new Set<string>();

/** Values for the path parameters, from the server's real data. */
let ids: RouteIds = {};

/** Runs axe-core on the page as drawn now; records what it finds under the route's name. */
async function audit(route: string, scheme: Scheme): Promise<void> {
  // Evaluated rather than added as a <script>: the console's CSP refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe.run(
        document,
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      ),
    TAGS,
  );
  const { violations: found, passes, incomplete, inapplicable } = results as AxeResults;
  for (const rule of [...found, ...passes, ...incomplete, ...inapplicable]) rulesChecked.add(rule.id);
  pagesChecked.add(`${route} (${scheme})`);
  const tables = await page.evaluate(() =>
    Array.from(document.querySelectorAll("table"))
      .filter((table) => table.getClientRects().length > 0)
      .map((table) => ({
        named:
          table.caption !== null ||
          (table.getAttribute("aria-label") ?? "").trim() !== "" ||
          table.hasAttribute("aria-labelledby"),
        headed: table.querySelector("th") !== null,
        text: (table.querySelector("th, td")?.textContent ?? "").trim().slice(0, 40),
      })),
  );
  for (const table of tables) {
    if (!table.named)
      tableProblems.add(
        `${route.split(" ")[0]}: table without a caption or label (first cell "${table.text}")`,
      );
    if (!table.headed)
      tableProblems.add(`${route.split(" ")[0]}: table without column headers (first cell "${table.text}")`);
  }
  for (const v of found) {
    violations.push({
      route,
      scheme,
      rule: v.id,
      impact: v.impact ?? "",
      targets: v.nodes.map((n) => n.target.map(String).join(" ")),
      summary: (v.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240),
    });
  }
}

async function setScheme(scheme: Scheme): Promise<void> {
  // The console follows the system's scheme until someone picks one: this is the system's.
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (s) => document.documentElement.getAttribute("data-mantine-color-scheme") === s,
    scheme,
  );
  await page.waitForTimeout(100);
}

/** Pages whose dark look is kept in e2e/artifacts/ (gitignored) for a person to look at. */
const SCREENSHOTS: Record<string, string> = {
  "/systemDashboard/overview": "a11y-dark-system-dashboard",
  "/deviceDashboard/:id/overview": "a11y-dark-device-overview",
};

/** Checks the current page in both schemes. */
async function auditBoth(route: string): Promise<void> {
  for (const scheme of SCHEMES) {
    await setScheme(scheme);
    await audit(route, scheme);
    const shot = SCREENSHOTS[route.split(" ")[0]!];
    if (shot && scheme === "dark") await screenshot(page, shot);
  }
  await setScheme("light");
}

beforeAll(async () => {
  routes = await registryRoutes();

  // A real agent for this machine, so device pages have a device with inventory.
  server = await startServer({ STEWARD_LOCAL_AGENT: "true" });
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("accessibility of every console route", { timeout: 600_000 }, () => {
  it("has no WCAG 2.1 A/AA violation on any registered route, in light and dark", async () => {
    const started = Date.now();
    // The sign-in steps, checked as a new administrator meets them.
    await page.goto("/");
    await atPath(page, "/setup");
    await visible(page.getByRole("button", { name: "Create administrator" }));
    await settled(page);
    await auditBoth("/setup");
    await setUpAdministrator(page, ADMIN);
    await visible(page.getByTestId("totp-secret"));
    await settled(page);
    await auditBoth("/mfa/enroll");
    const { secret } = await enrollTotp(page);
    expect(secret).toBeTruthy();
    await continueAfterEnrollment(page);

    ids = await seedRealData(page);

    // Every page of the signed-in console.
    const consoleRoutes = routes.filter((r) => r.access !== "public" && r.access !== "mfa-pending");
    const unreachable: string[] = [];
    for (const route of consoleRoutes) {
      const address = concretePath(route.path, ids);
      const began = Date.now();
      try {
        await page.goto(address);
        await inConsole(page);
        await settled(page);
        await auditBoth(`${route.path} → ${address}`);
        if (process.env.STEWARD_A11Y_TRACE) console.error(`${address}: ${Date.now() - began} ms`);
      } catch (error) {
        unreachable.push(`${route.path} → ${address}: ${String(error).split("\n")[0]}`);
      }
    }

    // Dialogs and menus drawn over a page: the account menu, the command palette, a form in a
    // dialog, a confirmation, the device grid's bulk actions.
    const overlays: Array<{ name: string; open: () => Promise<void> }> = [
      {
        name: "menu: account",
        open: async () => {
          await page.goto("/systemDashboard/overview");
          await inConsole(page);
          await page.getByRole("button", { name: "Account menu" }).click();
          await visible(page.getByRole("menu"));
        },
      },
      {
        name: "dialog: command palette",
        open: async () => {
          await page.goto("/systemDashboard/overview");
          await inConsole(page);
          await page.keyboard.press("Control+k");
          await visible(page.getByRole("textbox", { name: "Search the console" }));
          await page.keyboard.type("dev");
        },
      },
      {
        name: "dialog: new organization",
        open: async () => {
          await page.goto("/administration/customers/organizations");
          await inConsole(page);
          await page.getByRole("button", { name: "New organization" }).click();
          await visible(page.getByRole("dialog", { name: "New organization" }));
        },
      },
      {
        name: "dialog: confirm removing a device group",
        open: async () => {
          await page.goto("/administration/devices/groups");
          await inConsole(page);
          await page
            .getByRole("button", { name: /^Delete/ })
            .first()
            .click();
          await visible(page.getByRole("dialog"));
        },
      },
      {
        name: "menu: device grid bulk actions",
        open: async () => {
          await page.goto("/deviceSearch");
          await inConsole(page);
          await page.getByRole("checkbox").nth(1).check();
          await page.getByRole("button", { name: "Actions" }).click();
          await visible(page.getByRole("menu"));
        },
      },
    ];
    for (const overlay of overlays) {
      try {
        await overlay.open();
        await settled(page);
        await auditBoth(overlay.name);
        await page.keyboard.press("Escape");
      } catch (error) {
        unreachable.push(`${overlay.name}: ${String(error).split("\n")[0]}`);
      }
    }

    // The signed-out pages, in a fresh browser context: sign-in, MFA verification, invitation.
    const signedIn = page;
    page = await newPage(browser, server.url);
    page.setDefaultTimeout(STEP_TIMEOUT);
    try {
      // Setup was checked while no administrator existed (it answers "not found" now).
      for (const route of routes.filter((r) => r.access === "public" && r.path !== "/setup")) {
        const address = concretePath(route.path, ids);
        await page.goto(address);
        await settled(page);
        await auditBoth(`${route.path} → ${address}`);
      }
      await page.goto("/login");
      await submitPassword(page, ADMIN);
      await atPath(page, "/mfa/verify");
      await settled(page);
      await auditBoth("/mfa/verify");
      // The page a Duo round returns to (here without Duo's answer: it says what went wrong).
      await page.goto("/mfa/duo");
      await settled(page);
      await auditBoth("/mfa/duo");
    } finally {
      await page.context().close();
      page = signedIn;
    }

    const registryPaths = new Set(routes.map((r) => r.path));
    const checkedPaths = new Set(
      [...pagesChecked].filter((p) => p.startsWith("/")).map((p) => p.split(" ")[0]!),
    );
    const overlaysChecked = new Set(
      [...pagesChecked].filter((p) => !p.startsWith("/")).map((p) => p.split(" (")[0]),
    );
    const unchecked = [...registryPaths].filter((p) => !checkedPaths.has(p));
    console.log(
      `axe-core: ${pagesChecked.size} page views (${checkedPaths.size} routes and ${overlaysChecked.size} dialogs/menus × light/dark), ` +
        `${rulesChecked.size} rules, ${violations.length} violations, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    for (const v of violations) {
      console.log(
        `${v.route} [${v.scheme}] ${v.rule} (${v.impact}): ${v.targets.slice(0, 5).join(" | ")}\n    ${v.summary}`,
      );
    }
    for (const problem of tableProblems) console.log(problem);
    expect(unreachable, "routes that did not draw the console").toEqual([]);
    expect(unchecked, "registry routes not checked").toEqual([]);
    expect(violations.map((v) => `${v.route} [${v.scheme}] ${v.rule}`)).toEqual([]);
    expect([...tableProblems], "tables a screen reader cannot name or read by column").toEqual([]);
  });
});
