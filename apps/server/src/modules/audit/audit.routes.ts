import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEventFilters, auditEventList, auditEventQuery } from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import { auditCsv } from "./audit.csv.js";
import { presentAuditEvent } from "./audit.presenter.js";
import type { AuditService } from "./audit.service.js";

const tags = ["audit"];

/**
 * Administration → General → Activities: the security audit log and its CSV export. Reading it
 * is an organization permission: a caller over every organization sees every event, including
 * those that concern no organization; a caller limited to some organizations sees only theirs.
 */
export function auditRoutes(service: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/audit-events",
      {
        config: { access: "audit.read" },
        schema: { tags, querystring: auditEventQuery, response: { 200: auditEventList } },
      },
      async (request) => {
        const page = await service.list(requireScope(request), request.query);
        return { ...page, items: page.items.map(presentAuditEvent) };
      },
    );

    app.get(
      "/audit-events/export.csv",
      {
        config: { access: "audit.read" },
        schema: { tags, querystring: auditEventFilters, produces: ["text/csv"] },
      },
      async (request, reply) => {
        const stamp = new Date().toISOString().slice(0, 10);
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="audit-log-${stamp}.csv"`);
        // A HEAD asks for the headers only: no export is read (and none is recorded).
        if (request.method === "HEAD") return reply.send();
        const rows = await service.exportRows(requireScope(request), request.query, request);
        const csv = auditCsv(
          (async function* () {
            for await (const batch of rows) yield batch.map(presentAuditEvent);
          })(),
        );
        return reply.send(csv);
      },
    );
  };
}
