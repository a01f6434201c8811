import type { AuditEventFilters, AuditEventQuery } from "@steward/contracts";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { FastifyRequest } from "fastify";
import type { AuditRepository } from "./audit.repository.js";

/** The most events one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 1000;

export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps;
  return {
    /** One page of events (rows; the route presents them). */
    async list(scope: Scope, query: AuditEventQuery) {
      const { page, pageSize, ...filters } = query;
      const { items, total } = await repo.page(scope, filters, page, pageSize);
      return { items, total, page, pageSize };
    },

    /**
     * Every matching event for an export, newest first in batches (at most
     * AUDIT_EXPORT_MAX_ROWS); the export itself is recorded first.
     */
    async exportRows(scope: Scope, filters: AuditEventFilters, request: FastifyRequest) {
      await audit(repo.db, request, {
        action: "audit.export",
        targetType: "audit_log",
        data: { filters: { ...filters } },
      });
      return repo.batches(scope, filters, EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
