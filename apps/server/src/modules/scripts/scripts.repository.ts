import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/database.js";
import { users } from "../../platform/identity/index.js";
import { scripts } from "./scripts.tables.js";

const creator = alias(users, "creator");
const updater = alias(users, "updater");

const summaryColumns = {
  id: scripts.id,
  name: scripts.name,
  description: scripts.description,
  language: scripts.language,
  os: scripts.os,
  architecture: scripts.architecture,
  timeoutSeconds: scripts.timeoutSeconds,
  parameters: scripts.parameters,
  presets: scripts.presets,
  templateId: scripts.templateId,
  createdByUserId: scripts.createdByUserId,
  createdByName: sql<string | null>`nullif(trim(${creator.firstName} || ' ' || ${creator.lastName}), '')`,
  createdByEmail: creator.email,
  updatedByUserId: scripts.updatedByUserId,
  updatedByName: sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`,
  updatedByEmail: updater.email,
  createdAt: scripts.createdAt,
  updatedAt: scripts.updatedAt,
};

export type ScriptSummaryRow = Awaited<ReturnType<ScriptsRepository["list"]>>["items"][number];
export type ScriptDetailRow = NonNullable<Awaited<ReturnType<ScriptsRepository["find"]>>>;
export type NewScript = Omit<typeof scripts.$inferInsert, "id" | "createdAt" | "updatedAt">;

export interface ScriptFilter {
  search?: string | undefined;
  language?: string | undefined;
  os?: string | undefined;
  runnableOn?: string | undefined;
}

/** What a job needs from a library script. */
export interface ScriptForJob {
  id: number;
  name: string;
  language: string;
  /** WINDOWS | MAC | LINUX | ANY: submit refuses devices of another OS. */
  os: string;
  body: string;
  timeoutSeconds: number;
  parameters: unknown;
  presets: unknown;
}

/** Every query on the scripts table. */
export class ScriptsRepository {
  constructor(readonly db: Db) {}

  private where(f: ScriptFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (f.search) {
      const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        or(sql`lower(${scripts.name}) like ${like}`, sql`lower(${scripts.description}) like ${like}`)!,
      );
    }
    if (f.language) parts.push(eq(scripts.language, f.language));
    if (f.os) parts.push(eq(scripts.os, f.os));
    if (f.runnableOn) parts.push(inArray(scripts.os, [f.runnableOn, "ANY"]));
    return parts.length ? and(...parts) : undefined;
  }

  async list(filter: ScriptFilter, page: number, pageSize: number) {
    const where = this.where(filter);
    const [items, [total]] = await Promise.all([
      this.db
        .select(summaryColumns)
        .from(scripts)
        .leftJoin(creator, eq(creator.id, scripts.createdByUserId))
        .leftJoin(updater, eq(updater.id, scripts.updatedByUserId))
        .where(where)
        .orderBy(asc(sql`lower(${scripts.name})`), asc(scripts.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(scripts).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  }

  async find(id: number) {
    const [row] = await this.db
      .select({ ...summaryColumns, body: scripts.body })
      .from(scripts)
      .leftJoin(creator, eq(creator.id, scripts.createdByUserId))
      .leftJoin(updater, eq(updater.id, scripts.updatedByUserId))
      .where(eq(scripts.id, id));
    return row;
  }

  async nameExists(name: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: scripts.id })
      .from(scripts)
      .where(sql`lower(${scripts.name}) = ${name.toLowerCase()}`)
      .limit(1);
    return row !== undefined;
  }

  async insert(values: NewScript): Promise<number> {
    const [row] = await this.db.insert(scripts).values(values).returning({ id: scripts.id });
    if (!row) throw new Error("script insert returned no row");
    return row.id;
  }

  async update(id: number, values: Omit<NewScript, "createdByUserId" | "templateId">): Promise<boolean> {
    const rows = await this.db
      .update(scripts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(scripts.id, id))
      .returning({ id: scripts.id });
    return rows.length === 1;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(scripts)
      .where(eq(scripts.id, id))
      .returning({ id: scripts.id, name: scripts.name });
    return rows.length === 1;
  }
}

/** A script as a job needs it, read on any handle (a submit's transaction included). */
export async function scriptForJob(db: Db, id: number): Promise<ScriptForJob | undefined> {
  const [row] = await db
    .select({
      id: scripts.id,
      name: scripts.name,
      language: scripts.language,
      os: scripts.os,
      body: scripts.body,
      timeoutSeconds: scripts.timeoutSeconds,
      parameters: scripts.parameters,
      presets: scripts.presets,
    })
    .from(scripts)
    .where(eq(scripts.id, id));
  return row;
}
