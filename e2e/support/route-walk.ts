// Walking every route of the console's registry with real data behind it: an organization, this
// machine's real agent and its device, a script, a role, a device group, an invitation. The
// accessibility walk and the German walk share it.
import path from "node:path";
import type { Page } from "playwright-core";
import { createOrganization, need } from "./console.js";
import { repoRoot } from "./server.js";

export interface RegistryEntry {
  path: string;
  access: string;
}

/** This machine's agent enrolls and reports its first inventory after the server answers. */
const AGENT_TIMEOUT = 120_000;

/** The console's own list of routes, loaded at run time (it is web code). */
export async function registryRoutes(): Promise<RegistryEntry[]> {
  const registryFile = path.join(repoRoot, "apps/web/src/app/registry.ts");
  const registry = (await import(/* @vite-ignore */ registryFile)) as { routeRegistry: RegistryEntry[] };
  return registry.routeRegistry.map(({ path: p, access }) => ({ path: p, access }));
}

/** The console's JSON API as the signed-in browser calls it (session cookie and CSRF token). */
export async function consoleApi<T>(
  page: Page,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
): Promise<T> {
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

/** Ids of real records for the path parameters. */
export type RouteIds = Record<string, string | undefined>;

/**
 * Creates what the pages show (through the console's UI and API, as the signed-in administrator
 * on `page`) and waits for the server's local agent to report this machine's device.
 */
export async function seedRealData(page: Page): Promise<RouteIds> {
  const api = <T>(method: "GET" | "POST", url: string, body?: unknown) =>
    consoleApi<T>(page, method, url, body);
  const ids: RouteIds = {};
  const org = await createOrganization(page, {
    name: "Northwind Traders",
    description: "Warehouse and two shops",
    location: { name: "Harbour Shop", address: "3 Quay Street" },
  });
  ids.org = String(org.id);
  const session = await api<{ user: { id: number } }>("GET", "/auth/session");
  ids.user = String(session.user.id);
  ids.location = firstId((await api<{ locations: unknown[] }>("GET", `/organizations/${ids.org}`)).locations);
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
  const ticket = await api<{ id: number }>("POST", "/ticketing/tickets", {
    organizationId: org.id,
    subject: "Ticket printer on the second floor jams",
    descriptionHtml: "<p>Paper <b>jams</b> after every second page.</p>",
  });
  ids.ticket = String(ticket.id);
  return ids;
}

/** A concrete address for a registry path: parameters filled with real ids, "*" with a real sub-path. */
export function concretePath(template: string, ids: RouteIds): string {
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
    if (template.startsWith("/ticketing/ticket/")) return need(ids.ticket, "ticket id");
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

/** The page finished drawing: no loader for two looks in a row (lazy page, then its queries). */
export async function settled(page: Page): Promise<void> {
  const loader = page.locator(".mantine-Loader-root:visible");
  const deadline = Date.now() + 15_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    quiet = (await loader.count()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(150);
  }
}
