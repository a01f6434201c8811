import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../platform/db/database.js";

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, "../../../../.steward-test");

/**
 * Runs once per test run: migrates one database that every test file then copies.
 * PGlite (default): a migrated data dir dumped to a tarball.
 * PostgreSQL (STEWARD_TEST_DATABASE_URL set): a template database.
 */
export default async function globalSetup({ provide }: { provide: (key: string, value: string) => void }) {
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const adminUrl = process.env.STEWARD_TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `steward_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 1 });
    await database.migrate();
    await database.close();
    provide("pgTemplate", name);
    provide("pgliteTemplateFile", "");
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir("gzip");
  // One file per run, written then renamed: overlapping runs never read a half-written template.
  const file = path.join(TEMPLATE_DIR, `pglite-template-${process.pid}-${Date.now()}.tar.gz`);
  fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.tmp`, file);
  await pglite.close();
  provide("pgTemplate", "");
  provide("pgliteTemplateFile", file);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplateFile: string;
  }
}
