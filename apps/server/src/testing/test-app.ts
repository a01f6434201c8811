import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import pino from "pino";
import { defaultTechnicianPermissions, type Permission } from "@steward/contracts";
import { buildApp } from "../app.js";
import { buildServices, type Services } from "../services.js";
import { loadConfig, type ServerConfig } from "../config.js";
import { openDatabase, type Database } from "../platform/db/database.js";
import { createSecretBox, generateCommandSigner } from "../platform/crypto/index.js";
import type { AppDeps } from "../platform/deps.js";
import type { Mailer, MailMessage } from "../platform/mail/mailer.js";
import {
  createSession,
  markSessionMfaVerified,
  SESSION_COOKIE,
  technicianRoles,
  technicianRoleOrganizations,
  userTechnicianRoles,
  users,
} from "../platform/identity/index.js";
import { hashPassword } from "../platform/crypto/index.js";
import { withDatabase } from "./global-setup.js";
import { Bus } from "../platform/bus.js";

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  /** The app's services (the composition root's instances the routes use). */
  services: Services;
  database: Database;
  /** Mail the server sent (when no SMTP server is configured in the test). */
  outbox: MailMessage[];
  close(): Promise<void>;
}

/** A database of its own for one test file, copied from the migrated template. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject("pgTemplate");
  const adminUrl = process.env.STEWARD_TEST_DATABASE_URL;
  if (template && adminUrl) {
    const name = `steward_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 4 });
    return {
      database,
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(inject("pgliteTemplateFile"))]);
  const pglite = await PGlite.create({ loadDataDir: blob });
  return { database: await openDatabase({ pglite }), drop: async () => {} };
}

export async function createTestContext(overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const { database, drop } = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-test-"));
  const config: ServerConfig = { ...loadConfig({}), dataDir, publicUrl: "http://steward.test", ...overrides };
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    enabled: true,
    send: (m) => {
      outbox.push(m);
      return Promise.resolve(true);
    },
  };
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    secretBox: createSecretBox(randomBytes(32)),
    mailer,
    commandSigner: generateCommandSigner(),
    bus: new Bus(),
    version: "test",
    startedAt: new Date(),
  };
  // Unexpected errors (500s) are printed so a failing test shows why; everything else stays quiet.
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "error" });
  const services = buildServices(deps);
  const app = await buildApp(deps, { logger, serveWeb: false, services });
  await app.ready();
  return {
    app,
    deps,
    services,
    database,
    outbox,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type InjectOptions = { headers?: Record<string, string>; query?: Record<string, string> };

/** A browser-like client for app.inject: keeps the session cookie and sends the CSRF header. */
export class TestClient {
  cookie: string | undefined;
  csrfToken: string | undefined;
  constructor(readonly app: FastifyInstance) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    options: InjectOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    if (this.csrfToken && !("x-csrf-token" in headers)) headers["x-csrf-token"] = this.csrfToken;
    const res = await this.app.inject({
      method: method as "GET",
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const setCookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (setCookie) this.cookie = setCookie.value === "" ? undefined : setCookie.value;
    const json = safeJson(res);
    const session = json && typeof json === "object" && "session" in json ? json.session : json;
    if (
      session &&
      typeof session === "object" &&
      "csrfToken" in session &&
      typeof session.csrfToken === "string"
    ) {
      this.csrfToken = session.csrfToken;
    }
    return res;
  }
  get(url: string, options?: InjectOptions) {
    return this.request("GET", url, undefined, options);
  }
  post(url: string, body?: unknown, options?: InjectOptions) {
    return this.request("POST", url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: InjectOptions) {
    return this.request("PUT", url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: InjectOptions) {
    return this.request("PATCH", url, body ?? {}, options);
  }
  delete(url: string, options?: InjectOptions) {
    return this.request("DELETE", url, undefined, options);
  }
}

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

let userCounter = 0;

export interface SignedInUserOptions {
  admin?: boolean;
  /**
   * Gives the user one role holding exactly these permissions (ignored for admins); without
   * it a technician holds the built-in Helpdesk-like default set. An empty list: no role at all.
   */
  permissions?: Permission[];
  /** Limits that role to these organizations (default: every organization). */
  organizationIds?: number[];
  email?: string;
  mfaVerified?: boolean;
}

/**
 * Creates an ACTIVE user directly in the database and a signed-in session for it, bypassing
 * the sign-in flow (which has its own tests). Returns a client carrying that session.
 */
export async function signedInClient(ctx: TestContext, options: SignedInUserOptions = {}) {
  const db = ctx.deps.db;
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${randomBytes(3).toString("hex")}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: "Test",
      lastName: `User ${userCounter}`,
      passwordHash: await hashPassword("correct horse battery staple"),
      isSystemAdmin: options.admin ?? false,
      status: "ACTIVE",
    })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert failed");
  const rolePermissions = options.permissions ?? [...defaultTechnicianPermissions];
  if (!options.admin && rolePermissions.length > 0) {
    const [role] = await db
      .insert(technicianRoles)
      .values({
        name: `role-${userCounter}-${randomBytes(3).toString("hex")}`,
        permissions: rolePermissions,
        allOrganizations: options.organizationIds === undefined,
      })
      .returning({ id: technicianRoles.id });
    await db.insert(userTechnicianRoles).values({ userId: user.id, roleId: role!.id });
    if (options.organizationIds?.length)
      await db
        .insert(technicianRoleOrganizations)
        .values(options.organizationIds.map((organizationId) => ({ roleId: role!.id, organizationId })));
  }
  const session = await createSession(db, user.id, { idleSeconds: 3600, absoluteSeconds: 86400 }, {});
  const { sha256 } = await import("../platform/crypto/index.js");
  if (options.mfaVerified !== false) await markSessionMfaVerified(db, sha256(session.token));
  const client = new TestClient(ctx.app);
  client.cookie = session.token;
  client.csrfToken = session.csrfToken;
  return { client, userId: user.id, email };
}
