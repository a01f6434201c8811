import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEventFilters, auditEventList, auditEventQuery } from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import { auditReadScope, type AuditService } from "./audit.service.js";
import type { AuditRepository } from "./audit.repository.js";

const tags = ["audit"];

/** Administration → General → Activities: the security audit log and its CSV export. */
export function auditRoutes(service: AuditService, repo: AuditRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/audit-events",
      {
        config: { access: "audit.read" },
        schema: { tags, querystring: auditEventQuery, response: { 200: auditEventList } },
      },
      async (request) =>
        service.list(await auditReadScope(repo, requireAuth(request), requireScope(request)), request.query),
    );

    app.get(
      "/audit-events/export.csv",
      {
        config: { access: "audit.read" },
        schema: { tags, querystring: auditEventFilters, produces: ["text/csv"] },
      },
      async (request, reply) => {
        const scope = await auditReadScope(repo, requireAuth(request), requireScope(request));
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="audit-log-${stamp}.csv"`)
          .send(await service.exportCsv(scope, request.query, request));
      },
    );
  };
}
