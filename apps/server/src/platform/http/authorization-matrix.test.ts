import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOrganizationPermission, permissions as allPermissions, type Permission } from "@steward/contracts";
import type { RouteAccessDeclaration } from "../identity/index.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";

/*
 * The authorization matrix: every route of the app × six callers × a resource in organization
 * A, in organization B, and one that does not exist. The expected answer of each case is
 * derived from the route's own access declaration and the scope rules, not written by hand:
 * - signed out: 401 on every non-public route;
 * - a permission the caller does not hold: 403;
 * - a resource outside the caller's scope for that permission: the very answer a resource
 *   that does not exist gets (status and code), and the database is unchanged;
 * - otherwise the access layer lets the request through (never 401/403, and a resource that
 *   exists in scope is never "not found");
 * - lists and searches a caller limited to A reads never mention anything of B.
 */

type Side = "A" | "B" | "missing";
const SIDES: Side[] = ["A", "B", "missing"];
const MISSING_ID = 2_000_000_000;
const MISSING_UID = "00000000-0000-4000-8000-00000000abcd";

interface OrgWorld {
  marker: string;
  organizationId: number;
  locationId: number;
  deviceId: number;
  jobUid: string;
  credentialId: number;
  tokenId: number;
  taskId: number;
  alertId: number;
}
interface GlobalWorld {
  scriptId: number;
  customFieldId: number;
  deviceRoleId: number;
  savedSearchId: number;
  technicianId: number;
  roleId: number | null;
  policyId: number;
  notificationChannelId: number;
  dynamicPolicyId: number;
}
interface World {
  A: OrgWorld;
  B: OrgWorld;
  global: GlobalWorld;
}

interface Persona {
  name: string;
  /** null: signed out. */
  permissions: readonly Permission[] | null;
  admin?: boolean;
  /** Organizations the role is limited to ("A"); undefined: every organization. */
  limitedToA?: boolean;
}

const readOnly: Permission[] = [
  "organizations.read",
  "technicians.read",
  "settings.read",
  "dashboard.read",
  "devices.read",
  "ticketing.read",
  "billing.read",
];
const PERSONAS: Persona[] = [
  { name: "system admin", permissions: allPermissions, admin: true },
  { name: "full-access technician", permissions: allPermissions },
  { name: "technician scoped to A", permissions: allPermissions, limitedToA: true },
  { name: "read-only technician scoped to A", permissions: readOnly, limitedToA: true },
  { name: "technician without roles", permissions: [] },
  { name: "signed out", permissions: null },
];

// Which fixture a path parameter names, by the route's prefix.
function paramValue(url: string, param: string, w: OrgWorld | "missing", g: GlobalWorld): string {
  const m = w === "missing";
  const org = (pick: (o: OrgWorld) => number | string) => (m ? String(MISSING_ID) : String(pick(w)));
  if (param === "locationId") return org((o) => o.locationId);
  if (param === "credentialId") return org((o) => o.credentialId);
  if (param === "jobUid") return m ? MISSING_UID : w.jobUid;
  if (param !== "id") return "1";
  const p = url.replace(/^\/api/, "");
  if (/^\/(organizations|client|credential\/organization)\//.test(p)) return org((o) => o.organizationId);
  if (/^\/(devices|node)\//.test(p)) return org((o) => o.deviceId);
  if (p.startsWith("/enrollment-tokens/")) return org((o) => o.tokenId);
  if (p.startsWith("/scheduled-tasks/")) return org((o) => o.taskId);
  if (p.startsWith("/alerts/")) return org((o) => o.alertId);
  // Global resources: the same one whatever the side.
  if (p.startsWith("/scripts/")) return String(g.scriptId);
  if (p.startsWith("/custom-fields/")) return String(g.customFieldId);
  if (p.startsWith("/device-roles/")) return String(g.deviceRoleId);
  if (p.startsWith("/saved-searches/")) return String(g.savedSearchId);
  if (p.startsWith("/technicians/")) return String(g.technicianId);
  if (p.startsWith("/technician-roles/") || p.startsWith("/roles/")) return String(g.roleId ?? 1);
  if (p.startsWith("/script-templates/")) return "linux-top-processes";
  if (p.startsWith("/policies/")) return String(g.policyId);
  if (p.startsWith("/notification-channels/")) return String(g.notificationChannelId);
  if (p.startsWith("/dynamic-policies/")) return String(g.dynamicPolicyId);
  return "1";
}

/** Routes whose resource belongs to an organization (through a path parameter or the body). */
function isOrganizationOwned(method: string, url: string): boolean {
  const p = url.replace(/^\/api/, "");
  if (
    /^\/(organizations|client|credential\/organization|devices|node|enrollment-tokens|scheduled-tasks|alerts)\/:/.test(
      p,
    )
  )
    return true;
  if (p.startsWith("/webapp/job/:jobUid")) return true;
  return BODY_OWNED.has(`${method} ${url}`);
}
const BODY_OWNED = new Set([
  "POST /api/webapp/submit/job",
  "POST /api/query/device",
  "POST /api/search/runner/execute-action",
  "POST /api/scheduled-tasks",
  "PUT /api/device-policy-overrides",
  "POST /api/alerts/acknowledge",
  "POST /api/alerts/reset",
]);

const inlineScript = { script: { name: "Matrix", language: "bash", body: "true" }, parameters: [] };

/** A body that passes validation, pointing at the side's resources where the route takes any. */
function bodyFor(method: string, url: string, w: OrgWorld | "missing"): unknown {
  const m = w === "missing";
  const dev = m ? MISSING_ID : w.deviceId;
  const org = m ? MISSING_ID : w.organizationId;
  const loc = m ? MISSING_ID : w.locationId;
  const name = `Matrix ${randomBytes(4).toString("hex")}`;
  switch (`${method} ${url}`) {
    case "POST /api/webapp/submit/job":
      return { nodes: [{ nodeId: dev, jobs: [{ jobType: "ACTION", content: inlineScript }] }] };
    case "POST /api/query/device":
      return { nodeIds: [dev] };
    case "POST /api/search/runner/execute-action":
      return { action: "ADD_TAG", data: { nodeIds: [dev], tag: "matrix" } };
    case "POST /api/scheduled-tasks":
    case "PUT /api/scheduled-tasks/:id":
      return { name, targets: { deviceIds: [dev] }, action: inlineScript };
    case "POST /api/organizations/:id/enrollment-tokens":
      return { locationId: loc, name };
    case "POST /api/organizations/:id/credentials":
      return { name, type: "LINUX", username: "matrix", secret: "s3cret-matrix" };
    case "PUT /api/organizations/:id/credentials/:credentialId":
      return { name, type: "LINUX", username: "matrix" };
    case "PATCH /api/organizations/:id":
      return { description: "changed by the matrix" };
    case "POST /api/organizations/:id/locations":
      return { name };
    case "PATCH /api/organizations/:id/locations/:locationId":
      return { description: "changed by the matrix" };
    case "PATCH /api/devices/:id":
      return { displayName: name };
    case "POST /api/devices/:id/tags":
      return { tag: "matrix" };
    case "PUT /api/organizations/:id/custom-fields":
    case "PUT /api/organizations/:id/locations/:locationId/custom-fields":
    case "PUT /api/devices/:id/custom-fields":
      return { values: [] };
    case "POST /api/organizations":
      return { name };
    case "PUT /api/organizations/:id/policy-assignments":
      return { assignments: [] };
    case "PUT /api/organizations/:id/locations/:locationId/policy-overrides":
      return { overrides: [] };
    case "PUT /api/devices/:id/policy-override":
      return { policyId: null };
    case "PUT /api/device-policy-overrides":
      return { deviceIds: [dev], policyId: null };
    case "POST /api/policies":
      return { name, deviceClass: "LINUX_SERVER" };
    case "PATCH /api/policies/:id":
      return { description: "changed by the matrix" };
    case "POST /api/policies/:id/copy":
      return { name };
    case "POST /api/notification-channels":
      return { type: "EMAIL", name, recipients: ["matrix@example.test"] };
    case "PATCH /api/notification-channels/:id":
      return { name };
    case "POST /api/alerts/acknowledge":
    case "POST /api/alerts/reset":
      return { ids: [m ? MISSING_ID : w.alertId] };
    case "POST /api/policies/:id/revert":
      return { section: "agentSettings", item: "heartbeatSeconds" };
    case "POST /api/dynamic-policies":
      return { name, deviceClass: "LINUX_SERVER" };
    case "PATCH /api/dynamic-policies/:id":
      return { description: "changed by the matrix" };
    case "PUT /api/dynamic-policies/order":
      // The matrix makes no Mac dynamic policy: the empty order is that class's whole order.
      return { deviceClass: "MAC", ids: [] };
    default:
      void org;
      return method === "GET" || method === "HEAD" || method === "DELETE" ? undefined : {};
  }
}

function queryFor(method: string, url: string, w: OrgWorld | "missing"): Record<string, string> | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const dev = w === "missing" ? MISSING_ID : w.deviceId;
  if (url === "/api/devices/:id/tags") return { tag: "matrix" };
  if (url === "/api/run-as/choices") return { nodeIds: String(dev) };
  return undefined;
}

// The organization-owned rows a denied write must leave untouched.
const WATCHED_TABLES = [
  "organizations",
  "locations",
  "devices",
  "jobs",
  "credentials",
  "enrollment_tokens",
  "scheduled_tasks",
  "custom_field_values",
  "saved_searches",
  "scripts",
  "custom_fields",
  "device_roles",
  "technician_roles",
  "user_technician_roles",
  "system_settings",
  "policies",
  "organization_policy_assignments",
  "location_policy_overrides",
  "device_policy_overrides",
  "notification_channels",
  "notification_deliveries",
  "alerts",
  "alert_condition_states",
  "device_activities",
  "dynamic_policies",
  "maintenance_windows",
];

let ctx: TestContext;
let admin: TestClient;
let shared: World;
const clients = new Map<string, TestClient>();
const userIds = new Map<string, number>();

async function makeOrg(label: string): Promise<OrgWorld> {
  const marker = `MX${label}${randomBytes(3).toString("hex")}`;
  const orgRes = await admin.post("/api/organizations", { name: `Org ${marker}` });
  expect(orgRes.statusCode, orgRes.body).toBe(201);
  const org = orgRes.json<{ id: number; locations: { id: number }[] }>();
  const locationId = org.locations[0]!.id;
  const device = await enrollDevice(
    ctx,
    { organizationId: org.id, locationId },
    {
      inventory: {
        hostname: `host-${marker}`,
        os: { family: "LINUX", name: "Debian", version: "12", arch: "x64" },
      },
    },
  );
  const job = await admin.post("/api/webapp/submit/job", {
    nodes: [
      {
        nodeId: device.id,
        jobs: [
          {
            jobType: "ACTION",
            content: { ...inlineScript, script: { ...inlineScript.script, name: `Job ${marker}` } },
          },
        ],
      },
    ],
  });
  expect(job.statusCode, job.body).toBe(200);
  const credential = await admin.post(`/api/organizations/${org.id}/credentials`, {
    name: `Cred ${marker}`,
    type: "LINUX",
    username: `user-${marker}`,
    secret: "matrix-secret",
  });
  expect(credential.statusCode, credential.body).toBe(201);
  const token = await admin.post(`/api/organizations/${org.id}/enrollment-tokens`, {
    locationId,
    name: `Tok ${marker}`,
  });
  expect(token.statusCode, token.body).toBe(201);
  const task = await admin.post("/api/scheduled-tasks", {
    name: `Task ${marker}`,
    targets: { deviceIds: [device.id] },
    action: inlineScript,
  });
  expect(task.statusCode, task.body).toBe(201);
  // An open alert of the device (as the alerts module records one).
  const alert = await ctx.deps.db.execute(
    sql`insert into alerts (organization_id, device_id, severity, priority, health_status, condition_key,
          condition_name, condition_kind, first_seen_at, last_seen_at)
        values (${org.id}, ${device.id}, 'MAJOR', 'HIGH', 'UNHEALTHY', 'matrix', ${`Condition ${marker}`}, 'cpu',
          now(), now())
        returning id`,
  );
  return {
    marker,
    organizationId: org.id,
    locationId,
    deviceId: device.id,
    jobUid: job.json<{ jobs: { jobUid: string }[] }>().jobs[0]!.jobUid,
    credentialId: credential.json<{ id: number }>().id,
    tokenId: token.json<{ token: { id: number } }>().token.id,
    taskId: task.json<{ id: number }>().id,
    alertId: (alert as unknown as { rows: { id: number }[] }).rows[0]!.id,
  };
}

async function makeGlobal(): Promise<GlobalWorld> {
  const tag = randomBytes(3).toString("hex");
  const script = await admin.post("/api/scripts", {
    name: `Script ${tag}`,
    language: "bash",
    os: "LINUX",
    body: "true",
  });
  expect(script.statusCode, script.body).toBe(201);
  const field = await admin.post("/api/custom-fields", {
    name: `field_${tag}`,
    label: `Field ${tag}`,
    type: "TEXT",
  });
  const role = await admin.post("/api/device-roles", { name: `Role ${tag}` });
  const search = await admin.post("/api/saved-searches", { name: `Search ${tag}`, criteria: {} });
  const tech = await signedInClient(ctx, { permissions: ["devices.read"] });
  const policy = await admin.post("/api/policies", {
    name: `Policy ${tag}`,
    deviceClass: "LINUX_SERVER",
    items: { agentSettings: { heartbeatSeconds: 30 } },
  });
  expect(policy.statusCode, policy.body).toBe(201);
  const channel = await admin.post("/api/notification-channels", {
    type: "EMAIL",
    name: `Channel ${tag}`,
    recipients: ["matrix@example.test"],
  });
  expect(channel.statusCode, channel.body).toBe(201);
  // Matches every Linux server (the devices of both organizations).
  const dynamicPolicy = await admin.post("/api/dynamic-policies", {
    name: `Dynamic ${tag}`,
    deviceClass: "LINUX_SERVER",
    sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 45 } } },
  });
  expect(dynamicPolicy.statusCode, dynamicPolicy.body).toBe(201);
  return {
    scriptId: script.json<{ id: number }>().id,
    customFieldId: field.json<{ id?: number }>().id ?? 1,
    deviceRoleId: role.json<{ id?: number }>().id ?? 1,
    savedSearchId: search.json<{ id?: number }>().id ?? 1,
    technicianId: tech.userId,
    roleId: null,
    policyId: policy.json<{ id: number }>().id,
    notificationChannelId: channel.json<{ id: number }>().id,
    dynamicPolicyId: dynamicPolicy.json<{ id: number }>().id,
  };
}

async function makeWorld(): Promise<World> {
  return { A: await makeOrg("A"), B: await makeOrg("B"), global: await makeGlobal() };
}

async function extendRoleTo(userId: number, organizationId: number) {
  await ctx.deps.db.execute(
    sql`insert into technician_role_organizations (role_id, organization_id)
        select role_id, ${organizationId} from user_technician_roles where user_id = ${userId}`,
  );
}

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED_TABLES) {
    const r = await ctx.deps.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`),
    );
    const rows = (r as unknown as { rows: { h: string }[] }).rows;
    parts.push(`${table}:${rows[0]?.h}`);
  }
  return parts.join(",");
}

function fillPath(url: string, w: OrgWorld | "missing", g: GlobalWorld): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => paramValue(url, name, w, g));
}

interface Route {
  method: string;
  url: string;
  access: RouteAccessDeclaration;
  everywhere: boolean;
}

type Expectation = "unauthenticated" | "forbidden" | "like-missing" | "allowed";

function expectationOf(persona: Persona, route: Route, side: Side): Expectation {
  if (persona.permissions === null) return "unauthenticated";
  const access = route.access;
  if (access === "mfa-pending" || access === "authenticated") return "allowed";
  if (access === "system-admin") return persona.admin ? "allowed" : "forbidden";
  if (access === "public") return "allowed";
  // Several permissions: any one suffices, over the organizations where one is held.
  const wanted: readonly Permission[] = typeof access === "string" ? [access] : access;
  const held = persona.admin ? wanted : wanted.filter((p) => persona.permissions!.includes(p));
  if (held.length === 0) return "forbidden";
  const limited = !persona.admin && persona.limitedToA === true && held.every(isOrganizationPermission);
  // Routes that create an organization or change a shared definition need it everywhere.
  if (limited && route.everywhere) return "forbidden";
  const owned = isOrganizationOwned(route.method, route.url);
  if (!owned) return "allowed";
  if (side === "missing") return "like-missing";
  return limited && side === "B" ? "like-missing" : "allowed";
}

/** The error code of a JSON error body (undefined for anything else). */
function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

const ACCESS_CODES = new Set(["E_FORBIDDEN", "E_CSRF", "E_MFA_REQUIRED", "E_UNAUTHENTICATED"]);
const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const DESTRUCTIVE = (r: Route) =>
  r.method === "DELETE" || /\/(reject|revoke|cancel|run-now)$/.test(r.url) || r.url === "/api/auth/logout";

function send(client: TestClient, route: Route, w: OrgWorld | "missing", g: GlobalWorld) {
  const url = fillPath(route.url, w, g);
  const query = queryFor(route.method, route.url, w);
  return client.request(route.method, url, bodyFor(route.method, route.url, w), query ? { query } : {});
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  shared = await makeWorld();
  for (const p of PERSONAS) {
    if (p.permissions === null) clients.set(p.name, new TestClient(ctx.app));
    else if (p.admin) clients.set(p.name, (await signedInClient(ctx, { admin: true })).client);
    else {
      const user = await signedInClient(ctx, {
        permissions: [...p.permissions],
        ...(p.limitedToA ? { organizationIds: [shared.A.organizationId] } : {}),
      });
      clients.set(p.name, user.client);
      userIds.set(p.name, user.userId);
    }
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("authorization matrix", () => {
  it("answers every route × caller × resource as the declarations and scopes say, with no leak", async () => {
    const declared: Route[] = ctx.app.routeAccessTable
      .filter((r) => r.access && r.access !== "public" && !r.url.startsWith("/api/docs"))
      // Signing out or re-verifying MFA would end the caller's session mid-matrix.
      .filter((r) => !r.url.startsWith("/api/auth/"))
      .map((r) => ({ method: r.method, url: r.url, access: r.access!, everywhere: r.everywhere }));
    // Every GET answers HEAD too, under the same declaration.
    const routes = [
      ...declared,
      ...declared.filter((r) => r.method === "GET").map((r) => ({ ...r, method: "HEAD" })),
    ];

    const failures: string[] = [];
    let cases = 0;
    let deniedWrites = 0;
    const counts: Record<Expectation, number> = {
      unauthenticated: 0,
      forbidden: 0,
      "like-missing": 0,
      allowed: 0,
    };
    // Denials first, over one shared world that none of them may change; then what is allowed,
    // destructive calls on a world of their own.
    const plan: { persona: Persona; route: Route; side: Side; expect: Expectation }[] = [];
    for (const route of routes)
      for (const persona of PERSONAS)
        for (const side of SIDES)
          plan.push({ persona, route, side, expect: expectationOf(persona, route, side) });
    plan.sort((a, b) => Number(a.expect === "allowed") - Number(b.expect === "allowed"));

    for (const c of plan) {
      cases += 1;
      counts[c.expect] += 1;
      const client = clients.get(c.persona.name)!;
      const label = `${c.persona.name} ${c.route.method} ${c.route.url} [${c.side}]`;
      const fresh = c.expect === "allowed" && WRITE.has(c.route.method) && DESTRUCTIVE(c.route);
      const world = fresh ? await makeWorld() : shared;
      // The limited caller's role reaches the fresh world's A as it reaches the shared one.
      if (fresh && c.persona.limitedToA)
        await extendRoleTo(userIds.get(c.persona.name)!, world.A.organizationId);
      const target = c.side === "missing" ? "missing" : world[c.side];
      const watch = c.expect !== "allowed" && WRITE.has(c.route.method);
      const before = watch ? await fingerprint() : "";
      const res = await send(client, c.route, target, world.global);
      const code = codeOf(res.body);
      switch (c.expect) {
        case "unauthenticated":
          if (res.statusCode !== 401) failures.push(`${label}: ${res.statusCode}, expected 401`);
          break;
        case "forbidden":
          if (res.statusCode !== 403) failures.push(`${label}: ${res.statusCode} ${code}, expected 403`);
          break;
        case "like-missing": {
          const missing = await send(client, c.route, "missing", world.global);
          const missingCode = codeOf(missing.body);
          if (res.statusCode !== missing.statusCode || code !== missingCode)
            failures.push(
              `${label}: ${res.statusCode} ${code}; a missing resource gets ${missing.statusCode} ${missingCode}`,
            );
          // A path names one resource: refused. A body's list of devices may just match none.
          if (res.statusCode < 400 && !BODY_OWNED.has(`${c.route.method} ${c.route.url}`))
            failures.push(`${label}: ${res.statusCode}, expected a refusal`);
          if (c.side === "B" && res.body.includes(world.B.marker))
            failures.push(`${label}: the answer names B`);
          break;
        }
        case "allowed":
          // A rule of the service may still refuse (E_ROLE_EXCEEDS_GRANTS); the access layer may not.
          // (HEAD answers carry no body, so no code: any 403 counts there.)
          if (
            res.statusCode === 401 ||
            (res.statusCode === 403 && (c.route.method === "HEAD" || ACCESS_CODES.has(code ?? "")))
          )
            failures.push(`${label}: ${res.statusCode} ${code}, expected access`);
          if (
            res.statusCode === 404 &&
            c.side !== "missing" &&
            isOrganizationOwned(c.route.method, c.route.url)
          )
            failures.push(`${label}: 404 ${code} for a resource in scope`);
          // The one 500 the product's wake-on-LAN call answers by design (no relay online).
          if (res.statusCode >= 500 && code !== "E_NO_USABLE_MAC_ADDRESSES")
            failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          break;
      }
      // A caller limited to A never reads anything of B, whatever the route.
      if (c.persona.limitedToA && res.body.includes(shared.B.marker))
        failures.push(`${label}: the answer mentions organization B (${shared.B.marker})`);
      if (watch) {
        deniedWrites += 1;
        if ((await fingerprint()) !== before) failures.push(`${label}: a denied write changed the database`);
      }
    }
    console.log(
      `authorization matrix: ${cases} cases over ${routes.length} route methods (HEAD beside each GET) × ${PERSONAS.length} callers × ${SIDES.length} resources ` +
        `(${counts.unauthenticated} unauthenticated, ${counts.forbidden} forbidden, ${counts["like-missing"]} out of scope or missing, ` +
        `${counts.allowed} allowed); ${deniedWrites} denied writes left the database unchanged; ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(2000);
  }, 600_000);
});
