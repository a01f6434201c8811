import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, type Database } from "./database.js";
import * as schema from "./schema.js";
import { withDatabase } from "../../testing/global-setup.js";

// The baseline is frozen for good: every later change is a new migration on top of it.
const BASELINE = "0000_init.sql";
const BASELINE_SHA256 = "f0b55a24b5247b296cc131eb8d05245cf81acddfbb9c749827d4ede27bb58f15";
const CHECKSUMS = path.join(migrationsFolder, "checksums.json");
const ADD_COMMAND = "node scripts/migration-checksums.mjs --add";

interface Journal {
  entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[];
}

function checksum(file: string): string {
  const text = fs.readFileSync(path.join(migrationsFolder, file), "utf8").replace(/\r\n/g, "\n");
  return crypto.createHash("sha256").update(text).digest("hex");
}
const sqlFiles = () =>
  fs
    .readdirSync(migrationsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
const recorded = (): Record<string, string> => JSON.parse(fs.readFileSync(CHECKSUMS, "utf8"));
const journal = (): Journal =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));

describe("released migrations", () => {
  it("the baseline 0000 is unchanged", () => {
    expect(checksum(BASELINE), `${BASELINE} is the frozen baseline: put changes in a new migration`).toBe(
      BASELINE_SHA256,
    );
    expect(recorded()[BASELINE]).toBe(BASELINE_SHA256);
  });

  it("every recorded migration is still there, byte for byte", () => {
    const files = new Set(sqlFiles());
    const problems = Object.entries(recorded()).flatMap(([file, sha]) => {
      if (!files.has(file)) return [`${file} was recorded but is gone`];
      if (checksum(file) !== sha) return [`${file} changed since it was recorded`];
      return [];
    });
    expect(
      problems,
      [
        "Released migrations never change (databases out there have already run them).",
        "Restore the file and put the change in a new migration: edit the *.tables.ts file, then",
        "`cd apps/server && npx drizzle-kit generate --name <what>` and `" + ADD_COMMAND + "`.",
        "Only if the migration is your own and not committed yet: delete its line from",
        "apps/server/drizzle/checksums.json and run `" + ADD_COMMAND + "` again.",
      ].join("\n"),
    ).toEqual([]);
  });

  it("every migration file is recorded", () => {
    const listed = recorded();
    const unlisted = sqlFiles().filter((f) => !(f in listed));
    expect(
      unlisted,
      [
        "New migration files must be recorded in apps/server/drizzle/checksums.json.",
        "Run `" + ADD_COMMAND + "` (it appends new files only) and commit checksums.json",
        "together with the .sql file, meta/_journal.json and the new meta/*_snapshot.json.",
      ].join("\n"),
    ).toEqual([]);
  });

  it("the journal and the .sql files name the same migrations, in order", () => {
    const entries = journal().entries;
    expect(entries.map((e) => `${e.tag}.sql`).sort()).toEqual(sqlFiles());
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    const times = entries.map((e) => e.when);
    // The migrator applies what is newer than the last applied entry: times must only grow.
    expect(times, "meta/_journal.json: every entry's `when` must be later than the one before").toEqual(
      [...times].sort((a, b) => a - b),
    );
    expect(new Set(times).size).toBe(times.length);
  });
});

// ---------------------------------------------------------------------------------------------
// Upgrading a database that holds data
// ---------------------------------------------------------------------------------------------

interface Scratch {
  database: Database;
  drop(): Promise<void>;
}
const scratches: Scratch[] = [];

/** An empty database of the engine the server suite runs on (PGlite, or PostgreSQL when configured). */
async function emptyDatabase(): Promise<Database> {
  const adminUrl = process.env.STEWARD_TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    scratches.push({ database, drop: async () => {} });
    return database;
  }
  const name = `steward_mig_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 2 });
  scratches.push({
    database,
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
  return database;
}

afterAll(async () => {
  for (const s of scratches) {
    await s.database.close();
    await s.drop();
  }
});

/** A migrations folder holding only the baseline and its journal entry. */
function baselineFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-baseline-"));
  fs.mkdirSync(path.join(dir, "meta"));
  fs.copyFileSync(path.join(migrationsFolder, BASELINE), path.join(dir, BASELINE));
  const full = journal();
  const entry = full.entries.find((e) => `${e.tag}.sql` === BASELINE);
  if (!entry) throw new Error(`${BASELINE} is not in the journal`);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...full, entries: [entry] }));
  return dir;
}

type Row = Record<string, unknown>;
async function rows(database: Database, query: string): Promise<Row[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}
async function one(database: Database, query: string): Promise<Row> {
  const [row] = await rows(database, query);
  if (!row) throw new Error(`no row: ${query}`);
  return row;
}

/** The database's own message for a refused statement (Drizzle wraps it as the cause). */
async function refusal(database: Database, query: string): Promise<string> {
  try {
    await rows(database, query);
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(err);
  }
  return "accepted";
}

/** Tables, columns, constraints, indexes and triggers of the public schema, in a stable order. */
async function shape(database: Database): Promise<string[]> {
  const columns = await rows(
    database,
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated,
            generation_expression, is_identity
       FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const constraints = await rows(
    database,
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`,
  );
  const indexes = await rows(
    database,
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
  );
  const triggers = await rows(
    database,
    `SELECT t.tgrelid::regclass::text AS tbl, t.tgname, pg_get_triggerdef(t.oid) AS def
       FROM pg_trigger t WHERE NOT t.tgisinternal`,
  );
  return [
    ...columns.map((r) => `column ${JSON.stringify(r)}`),
    ...constraints.map((r) => `constraint ${JSON.stringify(r)}`),
    ...indexes.map((r) => `index ${JSON.stringify(r)}`),
    ...triggers.map((r) => `trigger ${JSON.stringify(r)}`),
  ].sort();
}

describe("upgrading a baseline database that holds data", () => {
  it("keeps every row and reaches the state of a fresh install", async () => {
    const database = await emptyDatabase();
    await database.migrate(baselineFolder());

    // Data as the baseline shaped it (plain SQL: the current tables may have columns it lacks).
    await rows(
      database,
      `INSERT INTO users (email, first_name, last_name, password_hash, is_system_admin, status) VALUES
         ('admin@example.test', 'Ada', 'Admin', 'hash-a', true, 'ACTIVE'),
         ('tech@example.test', 'Tom', 'Tech', 'hash-t', false, 'ACTIVE'),
         ('night@example.test', 'Nina', 'Night', 'hash-n', false, 'ACTIVE')`,
    );
    await rows(
      database,
      `INSERT INTO technician_roles (name, description, permissions, is_built_in)
         VALUES ('Night shift', 'Custom role', '["devices.read"]'::jsonb, false)`,
    );
    await rows(
      database,
      `INSERT INTO user_technician_roles (user_id, role_id)
         SELECT u.id, r.id FROM users u, technician_roles r
          WHERE u.email = 'night@example.test' AND r.name = 'Night shift'`,
    );
    await rows(
      database,
      `INSERT INTO organizations (name, description) VALUES ('Acme', 'First client'), ('Globex', '')`,
    );
    await rows(
      database,
      `INSERT INTO locations (organization_id, name, is_default)
         SELECT id, 'Head office', true FROM organizations`,
    );
    await rows(
      database,
      `INSERT INTO devices (organization_id, location_id, approval_status, os_family, hostname, public_key,
                            status, ip_addresses)
         SELECT o.id, l.id, 'APPROVED', 'LINUX', 'acme-web-01', 'pk-1', 'UP', '10.0.0.5'
           FROM organizations o JOIN locations l ON l.organization_id = o.id WHERE o.name = 'Acme'`,
    );
    await rows(
      database,
      `INSERT INTO jobs (job_uid, device_id, organization_id, job_type, job_name, job_status, stdout, exit_code)
         SELECT 'job-uid-1', d.id, d.organization_id, 'RUN_SCRIPT', 'Disk report', 'COMPLETED', 'ok', 0
           FROM devices d WHERE d.hostname = 'acme-web-01'`,
    );
    await rows(
      database,
      `INSERT INTO audit_events (actor_user_id, action, target_type, target_id, data, ip)
         SELECT id, 'organization.create', 'organization', '1', '{"name":"Acme"}'::jsonb, '127.0.0.1'
           FROM users WHERE email = 'admin@example.test'`,
    );

    await database.migrate();

    // The data survived.
    expect(await rows(database, `SELECT email, is_system_admin, status FROM users ORDER BY email`)).toEqual([
      { email: "admin@example.test", is_system_admin: true, status: "ACTIVE" },
      { email: "night@example.test", is_system_admin: false, status: "ACTIVE" },
      { email: "tech@example.test", is_system_admin: false, status: "ACTIVE" },
    ]);
    expect(await rows(database, `SELECT name, description FROM organizations ORDER BY name`)).toEqual([
      { name: "Acme", description: "First client" },
      { name: "Globex", description: "" },
    ]);
    expect((await one(database, `SELECT count(*)::int AS n FROM locations WHERE is_default`)).n).toBe(2);
    expect(
      await one(
        database,
        `SELECT d.hostname, d.status, d.search_text, o.name AS org, d.encryption_public_key
           FROM devices d JOIN organizations o ON o.id = d.organization_id`,
      ),
    ).toEqual({
      hostname: "acme-web-01",
      status: "UP",
      search_text: "acme-web-01  10.0.0.5   ",
      org: "Acme",
      encryption_public_key: null,
    });
    expect(await one(database, `SELECT job_uid, job_name, job_status, stdout, exit_code FROM jobs`)).toEqual({
      job_uid: "job-uid-1",
      job_name: "Disk report",
      job_status: "COMPLETED",
      stdout: "ok",
      exit_code: 0,
    });
    const audit = await one(
      database,
      `SELECT action, target_id, data, ip, outcome, organization_id FROM audit_events
        WHERE action = 'organization.create'`,
    );
    expect(audit).toEqual({
      action: "organization.create",
      target_id: "1",
      data: { name: "Acme" },
      ip: "127.0.0.1",
      outcome: "SUCCESS",
      organization_id: null,
    });

    // The new state: built-in roles, the technician of that time keeps working through the
    // "Technician" role, a technician who had a role keeps exactly that one.
    const builtIn = await rows(database, `SELECT name FROM technician_roles WHERE is_built_in ORDER BY name`);
    expect(builtIn.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Full access", "Helpdesk", "Read only", "Scripting"]),
    );
    const held = await rows(
      database,
      `SELECT u.email, coalesce(string_agg(r.name, ',' ORDER BY r.name), '') AS roles
         FROM users u LEFT JOIN user_technician_roles ur ON ur.user_id = u.id
         LEFT JOIN technician_roles r ON r.id = ur.role_id GROUP BY u.email ORDER BY u.email`,
    );
    expect(held).toEqual([
      { email: "admin@example.test", roles: "" },
      { email: "night@example.test", roles: "Night shift" },
      { email: "tech@example.test", roles: "Technician" },
    ]);
    expect(
      await one(
        database,
        `SELECT all_organizations, is_built_in FROM technician_roles WHERE name = 'Technician'`,
      ),
    ).toEqual({ all_organizations: true, is_built_in: false });

    // The audit trail is append-only now: UPDATE and DELETE are refused and change nothing.
    expect(await refusal(database, `UPDATE audit_events SET action = 'forged'`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(database, `DELETE FROM audit_events`)).toMatch(/append-only: DELETE/);
    expect(
      (await one(database, `SELECT count(*)::int AS n FROM audit_events WHERE action = 'forged'`)).n,
    ).toBe(0);
    expect((await one(database, `SELECT count(*)::int AS n FROM audit_events`)).n).toBe(1);

    // The current code reads the upgraded rows through its own table definitions.
    expect(await database.db.select().from(schema.users)).toHaveLength(3);
    expect(await database.db.select().from(schema.devices)).toHaveLength(1);
    expect(await database.db.select().from(schema.jobs)).toHaveLength(1);
    expect(await database.db.select().from(schema.auditEvents)).toHaveLength(1);

    // Same tables, columns, constraints, indexes and triggers as a database migrated from empty.
    const fresh = await emptyDatabase();
    await fresh.migrate();
    expect(await shape(database)).toEqual(await shape(fresh));
  });
});
