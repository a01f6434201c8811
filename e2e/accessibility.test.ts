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
  createOrganization,
  enrollTotp,
  inConsole,
  need,
  setUpAdministrator,
  submitPassword,
  visible,
} from "./support/console.js";
import { repoRoot, startServer, type RunningServer } from "./support/server.js";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];
/** This machine's agent enrolls and reports its first inventory after the server answers. */
const AGENT_TIMEOUT = 120_000;

interface RegistryEntry {
  path: string;
  access: string;
}

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

/** Values for the path parameters, from the server's real data. */
const ids: Record<string, string | undefined> = {};

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

/** The page finished drawing: no loader for two looks in a row (lazy page, then its queries). */
async function settled(): Promise<void> {
  const loader = page.locator(".mantine-Loader-root:visible");
  const deadline = Date.now() + 15_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    quiet = (await loader.count()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(150);
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

/** The console's JSON API as the signed-in browser calls it (session cookie and CSRF token). */
async function api<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  const session = await page.request.get("/api/auth/session");
  const { csrfToken } = (await session.json()) as { csrfToken?: string };
  const res = await page.request.fetch(`/api${url}`, {
    method,
    headers: csrfToken ? { "x-csrf-token": csrfToken } : {},
    data: body,
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

function firstId(list: unknown): string | undefined {
  const items = Array.isArray(list) ? list : (list as { items?: unknown[] }).items;
  const first = items?.[0] as { id?: unknown } | undefined;
  return first?.id === undefined ? undefined : String(first.id);
}

/** A concrete address for a registry path: parameters filled with real ids, "*" with a real sub-path. */
function concretePath(template: string): string {
  const value = (name: string): string => {
    switch (name) {
      case "page":
        return "1";
      case "location":
        return need(ids.location, "location id");
      case "token":
        return need(ids.token, "invitation token");
      default:
        break;
    }
    if (template.startsWith("/customerDashboard/")) return need(ids.org, "organization id");
    if (template.startsWith("/editor/customer/")) return need(ids.org, "organization id");
    if (template.startsWith("/editor/script/")) return need(ids.script, "script id");
    if (template.startsWith("/editor/templateScript/")) return need(ids.template, "template id");
    if (template.startsWith("/editor/role/")) return need(ids.role, "technician role id");
    if (template.startsWith("/editor/user/")) return need(ids.user, "user id");
    if (template.startsWith("/group/")) return need(ids.group, "device group id");
    if (/device/i.test(template)) return need(ids.device, "device id");
    return "1";
  };
  let filled = template.replace(/:([A-Za-z]+)\??/g, (_m, name: string) => value(name));
  if (filled.endsWith("/*")) {
    const base = filled.slice(0, -2);
    const sub: Record<string, string> = {
      "/editor/customer": `${need(ids.org, "organization id")}/general`,
      "/editor/scheduledTask": "new",
      "/ticketing": "rulesets",
      "/reporting": "overview",
    };
    filled = `${base}/${sub[base] ?? "general"}`;
  }
  return filled;
}

beforeAll(async () => {
  // The registry is the console's own list of routes; loaded at run time (it is web code).
  const registryFile = path.join(repoRoot, "apps/web/src/app/registry.ts");
  const registry = (await import(/* @vite-ignore */ registryFile)) as { routeRegistry: RegistryEntry[] };
  routes = registry.routeRegistry.map(({ path: p, access }) => ({ path: p, access }));

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
    await settled();
    await auditBoth("/setup");
    await setUpAdministrator(page, ADMIN);
    await visible(page.getByTestId("totp-secret"));
    await settled();
    await auditBoth("/mfa/enroll");
    const { secret } = await enrollTotp(page);
    expect(secret).toBeTruthy();
    await continueAfterEnrollment(page);

    const org = await createOrganization(page, {
      name: "Northwind Traders",
      description: "Warehouse and two shops",
      location: { name: "Harbour Shop", address: "3 Quay Street" },
    });
    ids.org = String(org.id);
    const session = await api<{ user: { id: number } }>("GET", "/auth/session");
    ids.user = String(session.user.id);
    ids.location = firstId(
      (await api<{ locations: unknown[] }>("GET", `/organizations/${ids.org}`)).locations,
    );
    ids.role = firstId(await api("GET", "/technician-roles"));
    ids.template = firstId(await api("GET", "/script-templates"));
    ids.script = String(
      (await api<{ id: number }>("POST", `/script-templates/${need(ids.template, "template")}/copy`, {})).id,
    );
    ids.group = String(
      (await api<{ id: number }>("POST", "/saved-searches", { name: "Every device", criteria: {} })).id,
    );
    const deadline = Date.now() + AGENT_TIMEOUT;
    while (!ids.device && Date.now() < deadline) {
      ids.device = firstId(await api("GET", "/devices"));
      if (!ids.device) await page.waitForTimeout(1_000);
    }
    need(ids.device, "device of this machine's agent");
    const invite = await api<{ inviteUrl: string }>("POST", "/technicians", {
      email: "grace@steward.test",
      firstName: "Grace",
      lastName: "Hopper",
      roleIds: [Number(need(ids.role, "technician role id"))],
    });
    ids.token = new URL(invite.inviteUrl).pathname.split("/").pop();

    // Every page of the signed-in console.
    const consoleRoutes = routes.filter((r) => r.access !== "public" && r.access !== "mfa-pending");
    const unreachable: string[] = [];
    for (const route of consoleRoutes) {
      const address = concretePath(route.path);
      const began = Date.now();
      try {
        await page.goto(address);
        await inConsole(page);
        await settled();
        await auditBoth(`${route.path} → ${address}`);
        if (process.env.STEWARD_A11Y_TRACE) console.error(`${address}: ${Date.now() - began} ms`);
      } catch (error) {
        unreachable.push(`${route.path} → ${address}: ${String(error).split("\n")[0]}`);
      }
    }

    // The signed-out pages, in a fresh browser context: sign-in, MFA verification, invitation.
    const signedIn = page;
    page = await newPage(browser, server.url);
    page.setDefaultTimeout(STEP_TIMEOUT);
    try {
      // Setup was checked while no administrator existed (it answers "not found" now).
      for (const route of routes.filter((r) => r.access === "public" && r.path !== "/setup")) {
        const address = concretePath(route.path);
        await page.goto(address);
        await settled();
        await auditBoth(`${route.path} → ${address}`);
      }
      await page.goto("/login");
      await submitPassword(page, ADMIN);
      await atPath(page, "/mfa/verify");
      await settled();
      await auditBoth("/mfa/verify");
    } finally {
      await page.context().close();
      page = signedIn;
    }

    const registryPaths = new Set(routes.map((r) => r.path));
    const checkedPaths = new Set([...pagesChecked].map((p) => p.split(" ")[0]!));
    const unchecked = [...registryPaths].filter((p) => !checkedPaths.has(p));
    console.log(
      `axe-core: ${pagesChecked.size} page views (${checkedPaths.size} routes × light/dark), ` +
        `${rulesChecked.size} rules, ${violations.length} violations, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    for (const v of violations) {
      console.log(
        `${v.route} [${v.scheme}] ${v.rule} (${v.impact}): ${v.targets.slice(0, 5).join(" | ")}\n    ${v.summary}`,
      );
    }
    expect(unreachable, "routes that did not draw the console").toEqual([]);
    expect(unchecked, "registry routes not checked").toEqual([]);
    expect(violations.map((v) => `${v.route} [${v.scheme}] ${v.rule}`)).toEqual([]);
  });
});
