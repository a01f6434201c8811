import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditRoutes } from "./audit.routes.js";
import type { AuditService } from "./audit.service.js";

export type { AuditService } from "./audit.service.js";

/** The security audit log: GET /api/audit-events and GET /api/audit-events/export.csv. */
export function auditModule(service: AuditService): FastifyPluginAsyncZod {
  return auditRoutes(service);
}
