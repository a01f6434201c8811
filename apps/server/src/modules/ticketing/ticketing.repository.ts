import { and, asc, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TicketBoardFilters } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { users } from "../../platform/identity/index.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import {
  ticketComments,
  ticketHistory,
  ticketingBoards,
  ticketingSettings,
  ticketingValues,
  tickets,
} from "./ticketing.tables.js";

const status = alias(ticketingValues, "ticket_status");
const priority = alias(ticketingValues, "ticket_priority");
const severity = alias(ticketingValues, "ticket_severity");
const impact = alias(ticketingValues, "ticket_impact");
const type = alias(ticketingValues, "ticket_type");
const serviceBoard = alias(ticketingValues, "ticket_service_board");
const assignee = alias(users, "ticket_assignee");
const author = alias(users, "comment_author");

const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** The columns of a ticket as the presenter reads them (names of every referenced row included). */
const ticketColumns = {
  id: tickets.id,
  subject: tickets.subject,
  organizationId: tickets.organizationId,
  organizationName: organizations.name,
  locationId: tickets.locationId,
  locationName: locations.name,
  deviceId: tickets.deviceId,
  deviceName: sql<string | null>`coalesce(${devices.displayName}, ${devices.hostname})`,
  statusId: tickets.statusId,
  statusName: status.name,
  statusState: status.stateType,
  statusBuiltIn: status.builtIn,
  priorityId: tickets.priorityId,
  priorityName: priority.name,
  severityId: tickets.severityId,
  severityName: severity.name,
  impactId: tickets.impactId,
  impactName: impact.name,
  typeId: tickets.typeId,
  typeName: type.name,
  serviceBoardId: tickets.serviceBoardId,
  serviceBoardName: serviceBoard.name,
  tags: tickets.tags,
  requesterName: tickets.requesterName,
  requesterEmail: tickets.requesterEmail,
  assigneeId: tickets.assigneeUserId,
  assigneeName: fullName(assignee),
  cc: tickets.cc,
  source: tickets.source,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  resolvedAt: tickets.resolvedAt,
  closedAt: tickets.closedAt,
};
/** A ticket row with the names of every row it refers to. */
export type TicketRecord = Awaited<ReturnType<TicketingRepository["page"]>>[number];

/** What narrows a board's tickets: its saved filters and the page's own choices. */
export interface TicketFilter {
  filters: TicketBoardFilters;
  organizationId?: number | undefined;
  deviceId?: number | undefined;
  statusId?: number | undefined;
  priorityId?: number | undefined;
  /** The statuses whose state the board and the page allow (undefined: any status). */
  stateStatusIds?: readonly number[] | undefined;
  search?: string | undefined;
}

export type TicketSort = {
  field: "id" | "subject" | "createdAt" | "updatedAt" | "priority" | "status";
  direction: "ASC" | "DESC";
};

/**
 * A search text as a prefix query over the search column's words: "disk ful" finds "Disk full".
 * Only letters and digits reach the query, so no text can form a tsquery operator.
 */
export function searchQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 16)
    .map((w) => `${w}:*`)
    .join(" & ");
}

function where(scope: Scope, f: TicketFilter): SQL {
  const parts: (SQL | undefined)[] = [inScope(scope, tickets.organizationId)];
  const inList = (column: Parameters<typeof inArray>[0], ids: readonly number[]) =>
    ids.length > 0 ? inArray(column, [...ids]) : undefined;
  const s = f.filters;
  parts.push(
    inList(tickets.statusId, s.statusIds),
    inList(tickets.priorityId, s.priorityIds),
    inList(tickets.severityId, s.severityIds),
    inList(tickets.typeId, s.typeIds),
    inList(tickets.serviceBoardId, s.serviceBoardIds),
    inList(tickets.organizationId, s.organizationIds),
    inList(tickets.assigneeUserId, s.assigneeIds),
    s.unassigned ? isNull(tickets.assigneeUserId) : undefined,
    s.tags.length > 0 ? sql`${tickets.tags} && ${sql.param(s.tags)}::text[]` : undefined,
    f.organizationId !== undefined ? eq(tickets.organizationId, f.organizationId) : undefined,
    f.deviceId !== undefined ? eq(tickets.deviceId, f.deviceId) : undefined,
    f.statusId !== undefined ? eq(tickets.statusId, f.statusId) : undefined,
    f.priorityId !== undefined ? eq(tickets.priorityId, f.priorityId) : undefined,
  );
  // States are matched through their statuses' ids, so the status index serves the filter.
  if (f.stateStatusIds)
    parts.push(f.stateStatusIds.length > 0 ? inArray(tickets.statusId, [...f.stateStatusIds]) : sql`false`);
  const query = f.search ? searchQuery(f.search) : null;
  if (f.search && !query) parts.push(sql`false`);
  if (query) {
    const number = /^#?(\d{1,9})$/.exec(f.search!.trim());
    const text = sql`${tickets.search} @@ to_tsquery('simple', ${query})`;
    parts.push(number ? sql`(${text} or ${tickets.id} = ${Number(number[1])})` : text);
  }
  return and(...parts)!;
}

function orderOf(sort: TicketSort): SQL[] {
  const dir = sort.direction === "ASC" ? asc : desc;
  const column = {
    id: tickets.id,
    subject: tickets.subject,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
    priority: priority.position,
    status: status.position,
  }[sort.field];
  return sort.field === "id" ? [dir(tickets.id)] : [dir(column), dir(tickets.id)];
}

/** Every query of the ticketing tables. */
export class TicketingRepository {
  constructor(readonly db: Db) {}

  private selectTickets(db: Db = this.db) {
    return db
      .select(ticketColumns)
      .from(tickets)
      .innerJoin(organizations, eq(organizations.id, tickets.organizationId))
      .innerJoin(status, eq(status.id, tickets.statusId))
      .leftJoin(priority, eq(priority.id, tickets.priorityId))
      .leftJoin(severity, eq(severity.id, tickets.severityId))
      .leftJoin(impact, eq(impact.id, tickets.impactId))
      .leftJoin(type, eq(type.id, tickets.typeId))
      .leftJoin(serviceBoard, eq(serviceBoard.id, tickets.serviceBoardId))
      .leftJoin(locations, eq(locations.id, tickets.locationId))
      .leftJoin(devices, eq(devices.id, tickets.deviceId))
      .leftJoin(assignee, eq(assignee.id, tickets.assigneeUserId));
  }

  async ticket(id: number, scope: Scope, db: Db = this.db) {
    const [row] = await this.selectTickets(db)
      .where(and(eq(tickets.id, id), inScope(scope, tickets.organizationId)))
      .limit(1);
    return row ?? null;
  }

  async descriptionOf(id: number): Promise<string> {
    const [row] = await this.db
      .select({ html: tickets.descriptionHtml })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row?.html ?? "";
  }

  page(scope: Scope, filter: TicketFilter, sort: TicketSort, page: number, pageSize: number) {
    return this.selectTickets()
      .where(where(scope, filter))
      .orderBy(...orderOf(sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }

  async count(scope: Scope, filter: TicketFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where(scope, filter));
    return row?.n ?? 0;
  }

  async comments(ticketId: number) {
    return this.db
      .select({
        id: ticketComments.id,
        bodyHtml: ticketComments.bodyHtml,
        public: ticketComments.public,
        authorId: ticketComments.authorUserId,
        authorName: fullName(author),
        createdAt: ticketComments.createdAt,
      })
      .from(ticketComments)
      .leftJoin(author, eq(author.id, ticketComments.authorUserId))
      .where(eq(ticketComments.ticketId, ticketId))
      .orderBy(asc(ticketComments.id));
  }

  async history(ticketId: number) {
    return this.db
      .select({
        id: ticketHistory.id,
        field: ticketHistory.field,
        oldValue: ticketHistory.oldValue,
        newValue: ticketHistory.newValue,
        userId: ticketHistory.userId,
        userName: fullName(author),
        createdAt: ticketHistory.createdAt,
      })
      .from(ticketHistory)
      .leftJoin(author, eq(author.id, ticketHistory.userId))
      .where(eq(ticketHistory.ticketId, ticketId))
      .orderBy(asc(ticketHistory.id));
  }

  // ---- Setup values, settings and boards ----

  values(kind?: string) {
    return this.db
      .select()
      .from(ticketingValues)
      .where(kind ? eq(ticketingValues.kind, kind) : undefined)
      .orderBy(asc(ticketingValues.kind), asc(ticketingValues.position), asc(ticketingValues.id));
  }

  async value(id: number) {
    const [row] = await this.db.select().from(ticketingValues).where(eq(ticketingValues.id, id));
    return row ?? null;
  }

  /** True when some ticket refers to the value. */
  async valueInUse(id: number): Promise<boolean> {
    const t = tickets;
    const [row] = await this.db
      .select({ id: t.id })
      .from(t)
      .where(
        sql`${t.statusId} = ${id} or ${t.priorityId} = ${id} or ${t.severityId} = ${id} or ${t.impactId} = ${id} or ${t.typeId} = ${id} or ${t.serviceBoardId} = ${id}`,
      )
      .limit(1);
    return row !== undefined;
  }

  async settings() {
    const [row] = await this.db.select().from(ticketingSettings).where(eq(ticketingSettings.id, 1));
    return row!;
  }

  boards() {
    return this.db.select().from(ticketingBoards).orderBy(asc(ticketingBoards.id));
  }

  async board(id: number) {
    const [row] = await this.db.select().from(ticketingBoards).where(eq(ticketingBoards.id, id));
    return row ?? null;
  }

  /** Tickets resolved before the instant that are still RESOLVED, for closing. */
  async resolvedBefore(before: Date, limit: number) {
    return this.db
      .select({ id: tickets.id, organizationId: tickets.organizationId, statusName: status.name })
      .from(tickets)
      .innerJoin(status, eq(status.id, tickets.statusId))
      .where(and(eq(status.stateType, "RESOLVED"), sql`${tickets.resolvedAt} <= ${before}`))
      .orderBy(asc(tickets.resolvedAt))
      .limit(limit);
  }
  // ---- Writes (on the transaction given) ----

  async insertTicket(db: Db, values: typeof tickets.$inferInsert): Promise<number> {
    const [row] = await db.insert(tickets).values(values).returning({ id: tickets.id });
    return row!.id;
  }

  async updateTicket(db: Db, id: number, values: Partial<typeof tickets.$inferInsert>) {
    await db.update(tickets).set(values).where(eq(tickets.id, id));
  }

  async addHistory(db: Db, rows: (typeof ticketHistory.$inferInsert)[]) {
    if (rows.length > 0) await db.insert(ticketHistory).values(rows);
  }

  async addComment(db: Db, values: typeof ticketComments.$inferInsert): Promise<number> {
    const [row] = await db.insert(ticketComments).values(values).returning({ id: ticketComments.id });
    return row!.id;
  }

  async organizationExists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row !== undefined;
  }

  /** The organization (and location) of a location or device, or null when it does not exist. */
  async placeOf(kind: "location" | "device", id: number) {
    const table = kind === "location" ? locations : devices;
    const [row] = await this.db
      .select({ organizationId: table.organizationId })
      .from(table)
      .where(eq(table.id, id));
    return row ?? null;
  }

  /** An active console user's name, or null. */
  async userName(id: number): Promise<string | null> {
    const [row] = await this.db
      .select({ name: fullName(users), status: users.status })
      .from(users)
      .where(eq(users.id, id));
    return row && row.status !== "DISABLED" ? row.name : null;
  }

  async insertValue(values: typeof ticketingValues.$inferInsert) {
    const [row] = await this.db.insert(ticketingValues).values(values).returning();
    return row!;
  }

  async updateValue(id: number, values: Partial<typeof ticketingValues.$inferInsert>) {
    const [row] = await this.db
      .update(ticketingValues)
      .set(values)
      .where(eq(ticketingValues.id, id))
      .returning();
    return row!;
  }

  async deleteValue(id: number) {
    await this.db.delete(ticketingValues).where(eq(ticketingValues.id, id));
  }

  async saveSettings(closeResolvedAfterHours: number) {
    await this.db
      .update(ticketingSettings)
      .set({ closeResolvedAfterHours, updatedAt: new Date() })
      .where(eq(ticketingSettings.id, 1));
  }

  async insertBoard(values: typeof ticketingBoards.$inferInsert) {
    const [row] = await this.db.insert(ticketingBoards).values(values).returning();
    return row!;
  }

  async updateBoard(id: number, values: Partial<typeof ticketingBoards.$inferInsert>) {
    const [row] = await this.db
      .update(ticketingBoards)
      .set(values)
      .where(eq(ticketingBoards.id, id))
      .returning();
    return row!;
  }

  async deleteBoard(id: number) {
    await this.db.delete(ticketingBoards).where(eq(ticketingBoards.id, id));
  }
}
