import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  backupJobParams,
  backupJobsList,
  backupJobsQuery,
  backupJobSubmitted,
  backupPlansStatusList,
  backupPlansStatusQuery,
  backupRevisionsList,
  deviceIdParam,
  idParam,
  ignoreJobParams,
  lockhartStatus,
  lockhartStatusQuery,
  nodePlanParams,
  nodeRevisionParams,
  restoreRequest,
  revisionTree,
  startBackupRequest,
} from "@steward/contracts";
import { actorOfRequest, requireAuth, requireScope } from "../../platform/identity/index.js";
import type { Actor } from "../jobs/index.js";
import type { BackupService } from "./backup.service.js";

const tags = ["backup"];
const BASE = "/backup/lockhart";
/** Reading backup state: either backup permission. */
const VIEW = ["backup.viewAndRestore", "backup.viewAndManage"] as const;
const RESTORE = "backup.viewAndRestore" as const;
const MANAGE = "backup.viewAndManage" as const;

const actorOf = (request: FastifyRequest): Actor => {
  const user = requireAuth(request).session.user;
  return {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    audit: actorOfRequest(request),
  };
};

/** The backup calls: status, plans status, jobs, revisions and their files, backup, restore, cancel, ignore. */
export function backupRoutes(service: BackupService): FastifyPluginAsyncZod {
  return async (app) => {
    const fetchHasData = (q: { fetchHasData?: "true" | "false" | undefined }) => q.fetchHasData !== "false";
    const statusSchema = { tags, querystring: lockhartStatusQuery, response: { 200: lockhartStatus } };
    app.get(`${BASE}/lockhart-status`, { config: { access: VIEW }, schema: statusSchema }, async (request) =>
      service.status(requireScope(request), {}, fetchHasData(request.query)),
    );
    app.get(
      `${BASE}/lockhart-status/nodes/:id`,
      { config: { access: VIEW }, schema: { ...statusSchema, params: deviceIdParam } },
      async (request) =>
        service.status(requireScope(request), { deviceId: request.params.id }, fetchHasData(request.query)),
    );
    app.get(
      `${BASE}/lockhart-status/clients/:id`,
      { config: { access: VIEW }, schema: { ...statusSchema, params: idParam } },
      async (request) =>
        service.status(
          requireScope(request),
          { organizationId: request.params.id },
          fetchHasData(request.query),
        ),
    );

    app.get(
      `${BASE}/plans-status`,
      {
        config: { access: VIEW },
        schema: { tags, querystring: backupPlansStatusQuery, response: { 200: backupPlansStatusList } },
      },
      async (request) => ({
        items: await service.plansStatus(
          requireScope(request),
          request.query.clientId !== undefined ? { organizationId: request.query.clientId } : {},
        ),
      }),
    );
    app.get(
      `${BASE}/nodes/:id/plans-status`,
      {
        config: { access: VIEW },
        schema: { tags, params: deviceIdParam, response: { 200: backupPlansStatusList } },
      },
      async (request) => ({
        items: await service.plansStatus(requireScope(request), { deviceId: request.params.id }),
      }),
    );
    app.get(
      `${BASE}/jobs`,
      {
        config: { access: VIEW },
        schema: { tags, querystring: backupJobsQuery, response: { 200: backupJobsList } },
      },
      async (request) => ({
        items: await service.jobs(requireScope(request), {
          ...(request.query.nodeId !== undefined ? { deviceId: request.query.nodeId } : {}),
          ...(request.query.clientId !== undefined ? { organizationId: request.query.clientId } : {}),
        }),
      }),
    );
    app.get(
      `${BASE}/nodes/:id/revisions`,
      {
        config: { access: VIEW },
        schema: { tags, params: deviceIdParam, response: { 200: backupRevisionsList } },
      },
      async (request) => ({ items: await service.revisions(requireScope(request), request.params.id) }),
    );
    // Browsing a revision's files is the first step of a restore.
    app.get(
      `${BASE}/nodes/:id/revisions/:revisionId/tree`,
      {
        config: { access: RESTORE },
        schema: { tags, params: nodeRevisionParams, response: { 200: revisionTree } },
      },
      async (request) => service.tree(requireScope(request), request.params.id, request.params.revisionId),
    );

    app.post(
      `${BASE}/nodes/:id/plans/:planId/backup`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          params: nodePlanParams,
          body: startBackupRequest,
          response: { 200: backupJobSubmitted },
        },
      },
      async (request) =>
        service.startBackup(
          actorOf(request),
          requireScope(request),
          request.params.id,
          request.params.planId,
          request.body.bld_type === "full",
        ),
    );
    app.post(
      `${BASE}/nodes/:id/restore`,
      {
        config: { access: RESTORE },
        schema: { tags, params: deviceIdParam, body: restoreRequest, response: { 200: backupJobSubmitted } },
      },
      async (request) =>
        service.restore(actorOf(request), requireScope(request), request.params.id, request.body),
    );
    app.post(
      `${BASE}/jobs/:jobUid/cancel`,
      {
        config: { access: VIEW },
        schema: { tags, params: backupJobParams, response: { 200: backupJobSubmitted } },
      },
      async (request) => {
        const auth = requireAuth(request);
        return service.cancel(
          actorOf(request),
          { restore: auth.scopeFor(RESTORE), manage: auth.scopeFor(MANAGE) },
          request.params.jobUid,
        );
      },
    );
    app.put(
      `${BASE}/nodes/:nodeId/plans-status/:planId/jobs/:jobId/ignore`,
      { config: { access: MANAGE }, schema: { tags, params: ignoreJobParams } },
      async (request) =>
        service.ignore(
          requireScope(request),
          request.params.nodeId,
          request.params.planId,
          request.params.jobId,
        ),
    );
  };
}
