// The console in German: a technician switches to German in their preferences, and every page
// of the route registry (with real data and this machine's real agent) reads German: no text of
// the English catalogue is left on screen, and German's longer words push nothing wider than
// 1024 px. The choice is kept on the server: another browser gets German after signing in, and
// a browser that prefers German shows the sign-in pages in German before anyone signs in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import path from "node:path";
import { launchBrowser, newPage, screenshot } from "./support/browser.js";
import {
  ADMIN,
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  atPath,
  horizontalOverflow,
  newAdministrator,
  submitPassword,
  type Authenticator,
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
import { freshCode } from "./support/totp.js";

let server: RunningServer;
let browser: Browser;
let page: Page;
let routes: RegistryEntry[] = [];
let ids: RouteIds = {};
let authenticator: Authenticator | undefined;
/** The console's texts by language (flat id → ICU text), loaded at run time (it is web code). */
let messagesByLocale: Record<"en" | "de", Record<string, string>>;

/**
 * Names the server keeps as data, not texts of the console: the built-in roles and device roles,
 * the template scripts' names. A page shows them as stored, in any language.
 */
const SERVER_DATA = new Set(["Full access", "Helpdesk", "Read only", "Scripting", "Technician"]);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The English texts that must not appear on a German page: every English catalogue text whose
 * German differs and that no German text spells the same way; texts with `{values}` become
 * patterns (plurals and selects are left out).
 */
function englishLeftovers(): { exact: Map<string, string>; patterns: { id: string; regex: RegExp }[] } {
  const english = messagesByLocale.en;
  const german = messagesByLocale.de;
  const germanTexts = new Set(Object.values(german));
  const exact = new Map<string, string>();
  const patterns: { id: string; regex: RegExp }[] = [];
  for (const [id, text] of Object.entries(english)) {
    if (german[id] === text || germanTexts.has(text) || SERVER_DATA.has(text)) continue;
    if (!/\p{L}.*\p{L}/u.test(text)) continue;
    if (!text.includes("{")) {
      exact.set(text.trim(), id);
      continue;
    }
    if (/\{\s*\w+\s*,/.test(text)) continue;
    const parts = text.split(/\{\s*\w+\s*\}/);
    // A pattern needs enough fixed words to mean something: "Delete {name}" would match a
    // script parameter called "Delete files older than (days)".
    if (parts.join("").replace(/[^\p{L}]/gu, "").length < 10) continue;
    patterns.push({ id, regex: new RegExp(`^${parts.map(escape).join(".+?")}$`, "s") });
  }
  return { exact, patterns };
}

/** Every text a person reads or hears on the page: visible text nodes and the names of controls. */
async function textsOnPage(): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const clean = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, [aria-hidden=true]")) continue;
      if (parent.getClientRects().length === 0) continue;
      const text = clean(node.textContent);
      if (text) texts.add(text);
      // A sentence split by markup (a link or bold name inside) is read whole too.
      const whole = clean(parent.textContent);
      if (whole && whole !== text) texts.add(whole);
    }
    for (const el of Array.from(document.querySelectorAll("[placeholder], [aria-label], [title], [alt]"))) {
      for (const attribute of ["placeholder", "aria-label", "title", "alt"]) {
        const value = clean(el.getAttribute(attribute));
        if (value) texts.add(value);
      }
    }
    texts.add(clean(document.title.split("·")[0] ?? ""));
    return [...texts];
  });
}

/**
 * Controls whose words are cut without an ellipsis (a button, tab, badge or column header whose
 * text is wider than its box): German's longer words must still fit at 1024 px.
 */
async function cutLabels(): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const selector = "button, [role=tab], .mantine-Badge-label, th, label, .mantine-NavLink-label";
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.getClientRects().length === 0 || el.closest("[aria-hidden=true]")) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === "ellipsis") continue;
      if (style.overflowX === "visible" && style.overflow === "visible") continue;
      if (el.scrollWidth > el.clientWidth + 1)
        cut.push((el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60));
    }
    return cut;
  });
}

/** The signed-in console is drawn, in German (its navigation is named "Hauptnavigation"). */
async function inGermanConsole(on: Page, timeout = STEP_TIMEOUT): Promise<void> {
  await on.getByTestId("app-shell").waitFor({ state: "visible", timeout });
  await on.getByRole("navigation", { name: "Hauptnavigation" }).waitFor({ state: "visible", timeout });
}

beforeAll(async () => {
  routes = await registryRoutes();
  const catalogueFile = path.join(repoRoot, "apps/web/src/i18n/catalogue.ts");
  ({ messagesByLocale } = (await import(/* @vite-ignore */ catalogueFile)) as {
    messagesByLocale: typeof messagesByLocale;
  });
  server = await startServer({ STEWARD_LOCAL_AGENT: "true" });
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the console in German", { timeout: 600_000 }, () => {
  it("switches to German in the user's preferences, and keeps it across a reload", async () => {
    authenticator = await newAdministrator(page, ADMIN);
    ids = await seedRealData(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Preferences" }).click();
    await atPath(page, "/account/preferences");
    await page.getByRole("textbox", { name: "Language", exact: true }).click();
    await page.getByRole("option", { name: "Deutsch", exact: true }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === "de");
    await screenshot(page, "german-preferences");

    await page.reload();
    await inGermanConsole(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
  });

  it("shows every page in German, with no English left and nothing wider than 1024 px", async () => {
    const { exact, patterns } = englishLeftovers();
    const leftovers: string[] = [];
    const tooWide: string[] = [];
    const cut: string[] = [];
    const unreachable: string[] = [];
    let pages = 0;
    const consoleRoutes = routes.filter((r) => r.access !== "public" && r.access !== "mfa-pending");
    for (const route of consoleRoutes) {
      const address = concretePath(route.path, ids);
      try {
        await page.goto(address);
        await inGermanConsole(page, 15_000);
        await settled(page);
      } catch (error) {
        unreachable.push(`${address}: ${String(error).split("\n")[0]}`);
        continue;
      }
      pages += 1;
      for (const text of await textsOnPage()) {
        const id = exact.get(text) ?? patterns.find((p) => p.regex.test(text))?.id;
        if (id) leftovers.push(`${route.path}: "${text}" (${id})`);
      }
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) tooWide.push(`${route.path}: ${overflow} px too wide`);
      for (const label of await cutLabels()) cut.push(`${route.path}: "${label}"`);
    }
    await page.goto(concretePath("/deviceDashboard/:id/overview", ids));
    await settled(page);
    await screenshot(page, "german-device-overview");
    await page.goto("/deviceSearch");
    await settled(page);
    await screenshot(page, "german-device-search");
    console.log(
      `German walk: ${pages} pages, ${exact.size + patterns.length} English texts looked for, ` +
        `${leftovers.length} left in English, ${tooWide.length} too wide, ${cut.length} cut labels`,
    );
    expect(unreachable, "routes that did not draw the console").toEqual([]);
    expect([...new Set(leftovers)], "English left on German pages").toEqual([]);
    expect(tooWide, "pages wider than 1024 px in German").toEqual([]);
    expect([...new Set(cut)], "labels cut off in German").toEqual([]);
  });

  it("gives the user German in another browser after signing in", async () => {
    const other = await newPage(browser, server.url);
    try {
      other.setDefaultTimeout(STEP_TIMEOUT);
      // This browser prefers English and has never seen the console: the sign-in page is English.
      await other.goto("/login");
      expect(await other.evaluate(() => document.documentElement.lang)).toBe("en");
      await submitPassword(other, ADMIN);
      await atPath(other, "/mfa/verify");
      const auth = authenticator!;
      await other.getByLabel("Authentication code").fill(await freshCode(auth.secret, auth.lastUsedStep));
      await other.getByRole("button", { name: "Verify" }).click();
      await other.waitForFunction(() => document.documentElement.lang === "de");
    } finally {
      await other.context().close();
    }
  });

  it("greets a browser that prefers German in German before anyone signs in", async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: "de-DE",
      viewport: { width: 1024, height: 768 },
    });
    try {
      const signIn = await context.newPage();
      await signIn.goto("/login");
      await signIn.waitForFunction(() => document.documentElement.lang === "de");
      const texts = await signIn.evaluate(() => document.body.innerText);
      const { exact } = englishLeftovers();
      const left = texts
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => exact.has(line));
      expect(left).toEqual([]);
      await screenshot(signIn, "german-sign-in");
    } finally {
      await context.close();
    }
  });
});
