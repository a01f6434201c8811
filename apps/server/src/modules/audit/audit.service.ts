import type { Readable } from "node:stream";
import type { AuditEventFilters, AuditEventList, AuditEventQuery } from "@steward/contracts";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { FastifyRequest } from "fastify";
import { auditCsv } from "./audit.csv.js";
import { presentAuditEvent } from "./audit.presenter.js";
import type { AuditRepository } from "./audit.repository.js";

/** The most events one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 1000;

export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps;
  return {
    async list(scope: Scope, query: AuditEventQuery): Promise<AuditEventList> {
      const { page, pageSize, ...filters } = query;
      const { items, total } = await repo.page(scope, filters, page, pageSize);
      return { items: items.map(presentAuditEvent), total, page, pageSize };
    },

    /** The CSV of every matching event; the export itself is recorded. */
    async exportCsv(scope: Scope, filters: AuditEventFilters, request: FastifyRequest): Promise<Readable> {
      await audit(repo.db, request, {
        action: "audit.export",
        targetType: "audit_log",
        data: { filters: { ...filters } },
      });
      const rows = repo.batches(scope, filters, EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS);
      return auditCsv(
        (async function* () {
          for await (const batch of rows) yield batch.map(presentAuditEvent);
        })(),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
