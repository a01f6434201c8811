import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { auditEvents } from "./identity.tables.js";

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  data?: Record<string, unknown>;
}

/** Appends one audit event; never holds secrets (callers pass names and ids only). */
export async function audit(db: Db, request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: request?.auth?.session.user.id ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    data: entry.data ?? {},
    ip: request?.ip ?? null,
  });
}
