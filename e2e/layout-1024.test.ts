// Every real page of the console foundations at the console's minimum width (1024 px): drawn
// with real data, no horizontal scrolling, no error or "not available" page. A screenshot of
// each lands in e2e/artifacts/ (gitignored) for a person to look at. The device grid shows a
// few simulated devices with typical names, and each name must be readable in full.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, screenshot } from "./support/browser.js";
import {
  SETUP_TIMEOUT,
  STEP_TIMEOUT,
  createOrganization,
  inConsole,
  newAdministrator,
  visible,
} from "./support/console.js";
import { startServer, type RunningServer } from "./support/server.js";

const WIDTH = 1024;

/** Texts that only an error, a missing page or an unbuilt area shows. */
const PAGE_ERROR_TEXT =
  /Something went wrong|Page not found|does not exist|You do not have access|is not available yet|Could not (load|reach)/i;

interface PageCase {
  name: string;
  path: () => string;
  /** A heading only the loaded page shows. */
  heading: string | RegExp;
  /** Something from the data, once the queries answered. */
  ready?: (page: Page) => Promise<unknown>;
}

/** Typical device names (about 20 characters), given to the simulated devices. */
const DEVICE_NAMES = ["FINANCE-LAPTOP-0042", "RECEPTION-DESK-00017", "WAREHOUSE-SCANNER-03"];

const ORG = {
  name: "Northwind Traders",
  description: "Wholesale food distributor with a warehouse by the docks",
  location: { name: "Docklands Warehouse", address: "7 Canal Road, Leith" },
};

let server: RunningServer;
let browser: Browser;
let page: Page;
let orgId = 0;
let locationId = 0;
let userId = 0;
const pageErrors: string[] = [];

const pages: PageCase[] = [
  {
    name: "get-started",
    path: () => "/getStarted",
    heading: "Get started",
    ready: (p) => visible(p.getByText(/\d of 3 steps done/)),
  },
  {
    name: "system-overview",
    path: () => "/systemDashboard/overview",
    heading: "Dashboard",
    ready: (p) => visible(p.getByTestId("stat-organizations")),
  },
  {
    name: "organizations",
    path: () => "/administration/customers/organizations",
    heading: "Organizations",
    ready: (p) => visible(p.getByRole("link", { name: ORG.name, exact: true })),
  },
  {
    name: "customer-editor-general",
    path: () => `/editor/customer/${orgId}/general`,
    heading: ORG.name,
    ready: (p) => visible(p.getByRole("tab", { name: "General", selected: true })),
  },
  {
    name: "customer-editor-locations",
    path: () => `/editor/customer/${orgId}/locations`,
    heading: ORG.name,
    ready: (p) => visible(p.getByText(ORG.location.address)),
  },
  {
    name: "customer-overview",
    path: () => `/customerDashboard/${orgId}/overview`,
    heading: ORG.name,
    ready: (p) => visible(p.getByRole("table", { name: "Locations" }).getByText(ORG.location.address)),
  },
  {
    name: "customer-location",
    path: () => `/customerDashboard/${orgId}/location/${locationId}`,
    heading: ORG.location.name,
    ready: (p) => visible(p.getByText(ORG.location.address)),
  },
  {
    name: "device-search",
    path: () => "/deviceSearch",
    heading: "Device search",
    ready: (p) => visible(p.getByRole("link", { name: DEVICE_NAMES[0], exact: true })),
  },
  {
    name: "technicians",
    path: () => "/administration/users/technicians",
    heading: "Technicians",
    ready: (p) => visible(p.getByRole("table", { name: "Technicians" })),
  },
  {
    name: "technician-editor",
    path: () => `/editor/user/${userId}/general`,
    heading: "Ada Lovelace",
  },
  {
    name: "general-settings",
    path: () => "/administration/general/settings",
    heading: "General settings",
    ready: (p) => visible(p.getByLabel("Company name")),
  },
];

/** Elements drawn (partly) right of the viewport: a diagnosis for a failed width check. */
async function overflowingElements(p: Page): Promise<string[]> {
  return p.evaluate((width) => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1) {
        const id = el.id ? `#${el.id}` : "";
        const cls =
          typeof el.className === "string" && el.className
            ? `.${el.className.split(/\s+/).slice(0, 2).join(".")}`
            : "";
        found.push(
          `${el.tagName.toLowerCase()}${id}${cls} right=${Math.round(box.right)} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
        );
      }
      if (found.length >= 8) break;
    }
    return found;
  }, WIDTH);
}

/** Waits for the simulated devices, then names them like a technician would. */
async function nameDevices(p: Page): Promise<void> {
  const session = (await (await p.request.get("/api/auth/session")).json()) as { csrfToken?: string };
  const headers = { "x-csrf-token": session.csrfToken ?? "" };
  const deadline = Date.now() + STEP_TIMEOUT;
  let ids: number[] = [];
  while (ids.length < DEVICE_NAMES.length) {
    if (Date.now() > deadline) throw new Error(`only ${ids.length} simulated devices enrolled`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = (await (await p.request.get("/api/devices?pageSize=50")).json()) as {
      items?: Array<{ id: number }>;
    };
    ids = (list.items ?? []).map((device) => device.id);
  }
  for (const [index, name] of DEVICE_NAMES.entries()) {
    const response = await p.request.patch(`/api/devices/${ids[index]}`, {
      headers,
      data: { displayName: name },
    });
    if (!response.ok())
      throw new Error(`PATCH /api/devices/${ids[index]}: ${response.status()} ${await response.text()}`);
  }
}

beforeAll(async () => {
  server = await startServer({ STEWARD_DEMO_FLEET: String(DEVICE_NAMES.length) });
  browser = await launchBrowser();
  page = await newPage(browser, server.url);
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: WIDTH, height: 768 });
  page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));

  await newAdministrator(page);
  orgId = (await createOrganization(page, ORG)).id;

  const client = (await (await page.request.get(`/api/client/${orgId}`)).json()) as {
    client: { locations: Array<{ id: number; name: string }> };
  };
  const location = client.client.locations.find((l) => l.name === ORG.location.name);
  if (!location) throw new Error(`GET /api/client/${orgId} has no "${ORG.location.name}" location`);
  locationId = location.id;

  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { id: number } };
  if (!session.user) throw new Error("no signed-in user in GET /api/auth/session");
  userId = session.user.id;
  await nameDevices(page);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe(`every real page at ${WIDTH} px`, { timeout: 180_000 }, () => {
  for (const c of pages) {
    it(`${c.name} fits without horizontal scrolling and shows no error`, async ({ onTestFailed }) => {
      onTestFailed(async () => {
        await screenshot(page, `1024-${c.name}-failed`);
      });
      const errorsBefore = pageErrors.length;
      await page.goto(c.path());
      await inConsole(page);
      const name = c.heading;
      await visible(
        page.getByRole("heading", { level: 2, name, ...(typeof name === "string" ? { exact: true } : {}) }),
      );
      if (c.ready) await c.ready(page);
      // Loaded: no loader left anywhere on the page.
      await expect
        .poll(
          () =>
            page
              .getByRole("status")
              .filter({ hasText: /Loading/ })
              .count(),
          { timeout: STEP_TIMEOUT },
        )
        .toBe(0);

      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(PAGE_ERROR_TEXT);
      expect(await page.getByRole("alert").count(), "error alerts on the page").toBe(0);

      const size = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return {
          scrollWidth: root.scrollWidth,
          clientWidth: root.clientWidth,
          innerWidth: window.innerWidth,
        };
      });
      expect(size.innerWidth).toBe(WIDTH);
      const culprits = size.scrollWidth > WIDTH ? await overflowingElements(page) : [];
      expect(
        size.scrollWidth,
        `horizontal overflow on ${c.path()}: ${culprits.join("; ")}`,
      ).toBeLessThanOrEqual(WIDTH);

      await screenshot(page, `1024-${c.name}`);
      expect(pageErrors.slice(errorsBefore), "uncaught errors in the page").toEqual([]);
    });
  }
});

describe(`the device grid at ${WIDTH} px`, { timeout: 180_000 }, () => {
  it("shows each device's whole name, the other columns giving way first", async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, "1024-device-names-failed");
    });
    await page.goto("/deviceSearch");
    await inConsole(page);
    for (const name of DEVICE_NAMES) {
      const link = await visible(page.getByRole("link", { name, exact: true }));
      const box = await link.evaluate((el) => ({
        text: el.textContent ?? "",
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        cellRight: el.closest("td")?.getBoundingClientRect().right ?? 0,
        right: el.getBoundingClientRect().right,
      }));
      expect(box.text, "the name as typed, no ellipsis").toBe(name);
      // The name is its own box (so an over-long name could be cut with an ellipsis): measurable.
      expect(box.clientWidth, `${name} has no box of its own`).toBeGreaterThan(0);
      expect(box.scrollWidth, `${name} is cut off`).toBeLessThanOrEqual(box.clientWidth);
      expect(box.right, `${name} runs out of its cell`).toBeLessThanOrEqual(box.cellRight);
    }
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, "horizontal page scrolling").toBeLessThanOrEqual(0);
    // The default columns fit beside the sidebar: the grid does not scroll sideways either.
    const gridOverflow = await page.getByRole("table").evaluate((table) => {
      let widest = 0;
      for (let el = table.parentElement; el && el.tagName !== "MAIN"; el = el.parentElement) {
        widest = Math.max(widest, el.scrollWidth - el.clientWidth);
      }
      return widest;
    });
    expect(gridOverflow, "sideways scrolling inside the device grid").toBeLessThanOrEqual(0);
    await screenshot(page, "1024-device-names");
  });
});

describe("the command palette", { timeout: 180_000 }, () => {
  it("opens with Ctrl+K, finds a device by name and opens its dashboard with Enter", async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      await screenshot(page, "1024-command-palette-failed");
    });
    await page.goto("/administration/customers/organizations");
    await inConsole(page);
    await visible(page.getByRole("link", { name: ORG.name, exact: true }));
    await page.keyboard.press("Control+K");
    const search = await visible(page.getByRole("textbox", { name: "Search the console" }));
    await search.fill("finance-laptop");
    await visible(
      page.getByRole("group", { name: "Devices" }).getByRole("button", { name: /FINANCE-LAPTOP-0042/ }),
    );
    // Only the matching device: the server filtered by the typed text.
    expect(await page.getByRole("group", { name: "Devices" }).getByRole("button").count()).toBe(1);
    await screenshot(page, "1024-command-palette");
    await search.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/deviceDashboard\/\d+\/overview$/);
    await expect.poll(() => page.getByRole("textbox", { name: "Search the console" }).count()).toBe(0);
  });
});
