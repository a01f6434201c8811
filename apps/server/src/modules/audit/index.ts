import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { AuditRepository } from "./audit.repository.js";
import { auditRoutes } from "./audit.routes.js";
import { createAuditService } from "./audit.service.js";

/** The security audit log: GET /api/audit-events and GET /api/audit-events/export.csv. */
export function auditModule(deps: AppDeps): FastifyPluginAsyncZod {
  const repo = new AuditRepository(deps.db);
  return auditRoutes(createAuditService({ repo }));
}
