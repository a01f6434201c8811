import type { AuditEvent } from "@steward/contracts";
import type { AuditRow } from "./audit.repository.js";

/** An audit row as the console sees it. */
export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorLabel: row.actorLabel,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    outcome: row.outcome === "FAILURE" ? "FAILURE" : "SUCCESS",
    ip: row.ip,
    data: isRecord(row.data) ? row.data : {},
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
