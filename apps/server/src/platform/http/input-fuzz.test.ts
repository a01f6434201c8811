import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { UNSTORABLE_TEXT_MESSAGE } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { UNSTORABLE_VALUE_MESSAGE } from "../errors/error-handler.js";
import { BODY_MAX_DEPTH } from "./json-body.js";

/**
 * Generated from the registered routes and their schemas (as the OpenAPI document shows them):
 * every field of every body, query and path gets each bad value, signed in as a system
 * administrator. No answer may be a 5xx, bad text and deep values must be refused by the
 * schema at that very field, ids beyond the 32-bit columns too, and nothing may be stored.
 */

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ client } = await signedInClient(ctx, { admin: true }));
});
afterAll(async () => {
  await ctx.close();
});

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type Segment = string | number;
type Bad = { name: string; value: unknown; kind: "text" | "number" | "deep" };

const DEEP = "__deep_value__";
const BAD_VALUES: Bad[] = [
  { name: "NUL", value: "a\u0000b", kind: "text" },
  { name: "lone surrogate", value: "\uD800", kind: "text" },
  { name: "2^31", value: 2147483648, kind: "number" },
  { name: "2^53-1", value: 9007199254740991, kind: "number" },
  // Deeper than a free-form JSON field allows, shallower than the body parser's limit.
  { name: "40-deep object", value: deepValue(40), kind: "deep" },
  // Replaced by 100,000 levels of JSON text when the body is sent (JSON.stringify would overflow).
  { name: "100,000-deep object", value: DEEP, kind: "deep" },
];
const DEEP_TEXT = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);

function deepValue(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Numeric ids and page numbers: fields that must stay inside the 32-bit columns. */
function isIdField(name: string, schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const numeric = types.includes("integer") || types.includes("number");
  return numeric && /(^id$|Id$|Ids$|^page$)/.test(name);
}

/** Routes that answer before validating (setup is closed once an administrator exists). */
const GATED = new Set(["POST /api/setup"]);

function resolve(doc: OpenApi, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.split("/").pop()!;
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

interface Field {
  path: Segment[];
  /** The schemas found at this path (one per union branch). */
  schemas: JsonSchema[];
}

/** Every field path of a body schema (array items as index 0, record values as key "k"). */
function fieldPaths(doc: OpenApi, schema: JsonSchema | undefined, path: Segment[], out: Map<string, Field>) {
  if (path.length > 8) return;
  const s = resolve(doc, schema);
  if (path.length > 0) {
    const key = JSON.stringify(path);
    const field = out.get(key) ?? { path, schemas: [] };
    field.schemas.push(s);
    out.set(key, field);
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    fieldPaths(doc, branch, path, out);
  for (const [key, child] of Object.entries(s.properties ?? {})) fieldPaths(doc, child, [...path, key], out);
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    fieldPaths(doc, s.additionalProperties, [...path, "k"], out);
  if (s.items) fieldPaths(doc, s.items, [...path, 0], out);
}

function bodyWith(path: Segment[], value: unknown): unknown {
  const root: Record<string | number, unknown> = {};
  let node: Record<string | number, unknown> = root;
  path.forEach((segment, i) => {
    if (i === path.length - 1) node[segment] = value;
    else {
      const next = (typeof path[i + 1] === "number" ? [] : {}) as Record<string | number, unknown>;
      node[segment] = next;
      node = next;
    }
  });
  return root;
}

const concrete = (url: string) =>
  url
    .replace(/:token/g, "x".repeat(43))
    .replace(/:[A-Za-z]+/g, "1")
    .replace(/\*$/, "x");

/** Text in a URL: NUL as %00, a lone surrogate as its (invalid) UTF-8 bytes. */
const inUrl = (bad: Bad) =>
  bad.kind === "number" ? String(bad.value) : bad.name === "NUL" ? "a%00b" : "%ED%A0%80";

interface Issue {
  path: string[];
  message: string;
}

/** Whether a 400 names the fuzzed field (or something inside it, or a union around it). */
function refusedAt(res: LightMyRequestResponse, path: string[]): boolean {
  if (res.statusCode !== 400) return false;
  const body = res.json() as { code: string; details?: { issues?: Issue[] } };
  if (body.code !== "E_VALIDATION") return false;
  return (body.details?.issues ?? []).some((issue) => {
    const p = issue.path.map(String);
    const inside = path.every((seg, i) => p[i] === seg);
    // A union reports its own failure where it stands (["body"] for a union body).
    const around =
      p.length < path.length && p.every((seg, i) => path[i] === seg) && issue.message === "Invalid input";
    return inside || around;
  });
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = (await ctx.deps.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    // Sessions are touched by every request; migrations' own bookkeeping is not user data.
    if (name === "sessions" || name.startsWith("__")) continue;
    const r = (await ctx.deps.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = r.rows[0]!.n;
  }
  return counts;
}

describe("generated input fuzz", () => {
  it("answers every bad value in every field with a 4xx, refused at that field, and stores nothing", async () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    const routes = ctx.app.routeAccessTable.filter(
      (r) => r.method !== "HEAD" && r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"),
    );
    const failures: string[] = [];
    let routesFuzzed = 0;

    interface Case {
      label: string;
      method: string;
      url: string;
      payload?: string | object;
      /** The field a 400 must name; "deep": the body parser's refusal; null: only "never a 5xx". */
      refusedAt: string[] | "deep" | null;
    }
    const cases: Case[] = [];

    for (const route of routes) {
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, "{$1}");
      const op = doc.paths[openApiPath]?.[route.method.toLowerCase()];
      if (!op) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === "path");
      const query = (op.parameters ?? []).filter((p) => p.in === "query");
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      if (params.length + query.length === 0 && !bodySchema) continue;
      routesFuzzed += 1;
      const gated = GATED.has(`${route.method} ${route.url}`);
      const url = concrete(route.url);
      const hasBody = ["POST", "PUT", "PATCH"].includes(route.method);
      const add = (c: Case) => cases.push(gated ? { ...c, refusedAt: null } : c);

      for (const param of params) {
        for (const bad of BAD_VALUES.filter((b) => b.kind !== "deep")) {
          // A lone surrogate cannot travel in a URL as such; only "never a 5xx" applies to it.
          const refused =
            bad.kind === "text" ? bad.name === "NUL" : isIdField(param.name, resolve(doc, param.schema));
          add({
            label: `${route.method} ${route.url} param ${param.name}=${bad.name}`,
            method: route.method,
            url: route.url
              .replace(`:${param.name}`, inUrl(bad))
              .replace(/:token/g, "x".repeat(43))
              .replace(/:[A-Za-z]+/g, "1"),
            ...(hasBody ? { payload: {} } : {}),
            refusedAt: refused ? ["params", param.name] : null,
          });
        }
      }

      for (const q of query) {
        for (const bad of BAD_VALUES.filter((b) => b.kind !== "deep")) {
          const refused =
            bad.name === "NUL" || (bad.kind === "number" && isIdField(q.name, resolve(doc, q.schema)));
          add({
            label: `${route.method} ${route.url} query ${q.name}=${bad.name}`,
            method: route.method,
            url: `${url}?${q.name}=${inUrl(bad)}`,
            ...(hasBody ? { payload: {} } : {}),
            refusedAt: refused ? ["querystring", q.name] : null,
          });
        }
      }

      if (bodySchema && hasBody) {
        const fields = new Map<string, Field>();
        fieldPaths(doc, bodySchema, [], fields);
        let first = true;
        for (const { path, schemas } of fields.values()) {
          // An array item is named by its array (roleIds.0 by roleIds).
          const at = typeof path[path.length - 1] === "number" ? path.length - 2 : path.length - 1;
          const idField = schemas.some((schema) => isIdField(String(path[at]), schema));
          // The body parser refuses a 100,000-deep body before any route code: once per route is enough.
          const values = first ? BAD_VALUES : BAD_VALUES.filter((b) => b.value !== DEEP);
          first = false;
          for (const bad of values) {
            add({
              label: `${route.method} ${route.url} body ${path.join(".")}=${bad.name}`,
              method: route.method,
              url,
              payload: JSON.stringify(bodyWith(path, bad.value)).replace(`"${DEEP}"`, DEEP_TEXT),
              refusedAt:
                bad.value === DEEP
                  ? "deep"
                  : bad.kind !== "number" || idField
                    ? ["body", ...path.map(String)]
                    : null,
            });
          }
        }
      }
    }

    const run = async (c: Case) => {
      const res = await client.request(
        c.method,
        c.url,
        c.payload,
        typeof c.payload === "string" ? { headers: { "content-type": "application/json" } } : {},
      );
      const body = res.body;
      if (res.statusCode >= 500) failures.push(`${c.label} → ${res.statusCode} ${body.slice(0, 200)}`);
      else if (body.includes(UNSTORABLE_VALUE_MESSAGE))
        failures.push(`${c.label} → reached the database (${body.slice(0, 200)})`);
      else if (c.refusedAt === "deep") {
        if (res.statusCode !== 400 || !body.includes(`at most ${BODY_MAX_DEPTH} levels`))
          failures.push(`${c.label} → ${res.statusCode} ${body.slice(0, 200)}`);
      } else if (c.refusedAt && !refusedAt(res, c.refusedAt))
        failures.push(
          `${c.label} → ${res.statusCode}, not refused at ${c.refusedAt.join(".")}: ${body.slice(0, 200)}`,
        );
    };

    // Cases that must be refused first, around a count of every table's rows; then the cases a
    // route may accept (a large number where one is allowed), which only must never be a 5xx.
    const before = await tableCounts();
    for (const c of cases) if (c.refusedAt !== null) await run(c);
    const after = await tableCounts();
    for (const c of cases) if (c.refusedAt === null) await run(c);

    const refusedCount = cases.filter((c) => c.refusedAt !== null).length;
    console.log(
      `input fuzz: ${cases.length} cases over ${routesFuzzed} routes (${refusedCount} must be refused), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    expect(routesFuzzed).toBeGreaterThan(40);
    expect(refusedCount).toBeGreaterThan(1000);
  }, 120_000);

  it("refuses a NUL with the one text message, and a deep body before any handler", async () => {
    const nul = await client.post("/api/organizations", { name: "Acme\u0000" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: "E_VALIDATION",
      message: `name: ${UNSTORABLE_TEXT_MESSAGE}`,
    });
    const deep = await client.request("POST", "/api/organizations", `{"name":"x","d":${DEEP_TEXT}}`, {
      headers: { "content-type": "application/json" },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: "E_VALIDATION" });
    // Just inside the limit parses (and is then checked by the route's schema as usual).
    const shallow = await client.request(
      "POST",
      "/api/organizations",
      JSON.stringify({ name: "Shallow enough", d: deepValue(BODY_MAX_DEPTH - 2) }),
      { headers: { "content-type": "application/json" } },
    );
    expect(shallow.statusCode).toBe(201);
  });
});
