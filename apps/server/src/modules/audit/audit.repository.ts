import { and, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { escapeLikePattern } from "@steward/domain";
import type { AuditEventFilters } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { auditEvents, inScope, type Scope } from "../../platform/identity/index.js";
import { organizations } from "../organizations/organizations.tables.js";

// Read side of the append-only audit log; rows are written only by platform/identity/audit.ts.

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorUserId: auditEvents.actorUserId,
  actorLabel: auditEvents.actorLabel,
  action: auditEvents.action,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  organizationId: auditEvents.organizationId,
  organizationName: organizations.name,
  outcome: auditEvents.outcome,
  ip: auditEvents.ip,
  data: auditEvents.data,
};

export type AuditRow = Awaited<ReturnType<AuditRepository["page"]>>["items"][number];

function contains(column: Parameters<typeof ilike>[0], text: string): SQL {
  return ilike(column, `%${escapeLikePattern(text)}%`);
}

/** The WHERE of a filtered read, always inside the caller's scope. */
function whereOf(scope: Scope, f: AuditEventFilters): SQL | undefined {
  return and(
    inScope(scope, auditEvents.organizationId),
    f.actor ? contains(auditEvents.actorLabel, f.actor) : undefined,
    f.action ? ilike(auditEvents.action, `${escapeLikePattern(f.action)}%`) : undefined,
    f.organizationId ? eq(auditEvents.organizationId, f.organizationId) : undefined,
    f.targetType ? eq(auditEvents.targetType, f.targetType) : undefined,
    f.outcome ? eq(auditEvents.outcome, f.outcome) : undefined,
    f.from ? gte(auditEvents.at, new Date(f.from)) : undefined,
    f.to ? lte(auditEvents.at, new Date(f.to)) : undefined,
    f.q
      ? or(
          contains(auditEvents.action, f.q),
          contains(auditEvents.targetType, f.q),
          contains(auditEvents.targetId, f.q),
          contains(auditEvents.actorLabel, f.q),
          contains(auditEvents.ip, f.q),
          contains(sql`${auditEvents.data}::text`, f.q),
        )
      : undefined,
  );
}

export class AuditRepository {
  constructor(readonly db: Db) {}

  private select() {
    return this.db
      .select(columns)
      .from(auditEvents)
      .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId));
  }

  /** One page of events inside the scope, newest first, and how many match in all. */
  async page(scope: Scope, filters: AuditEventFilters, page: number, pageSize: number) {
    const where = whereOf(scope, filters);
    const [items, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(auditEvents).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  }

  /** Every matching event inside the scope, newest first, in batches (keyset on the id), up to `max`. */
  async *batches(scope: Scope, filters: AuditEventFilters, batchSize: number, max: number) {
    const where = whereOf(scope, filters);
    let before: number | null = null;
    let sent = 0;
    while (sent < max) {
      const rows = await this.select()
        .where(before === null ? where : and(where, lt(auditEvents.id, before)))
        .orderBy(desc(auditEvents.id))
        .limit(Math.min(batchSize, max - sent));
      if (rows.length === 0) return;
      yield rows;
      sent += rows.length;
      before = rows[rows.length - 1]!.id;
    }
  }
}
