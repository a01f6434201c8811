import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  idParam,
  jobListQuery,
  jobListResponse,
  jobOutputResponse,
  jobResponse,
  submitJobRequest,
  submitJobResponse,
  type SubmitJobRequest,
  text,
} from "@steward/contracts";
import {
  actorOfRequest,
  audit,
  requireAuth,
  requireScope,
  type AuthContext,
} from "../../platform/identity/index.js";
import type { AppDeps } from "../../platform/deps.js";
import type { JobsService } from "./jobs.service.js";
import { presentJob } from "./jobs.presenter.js";
import { createWakeOnLan } from "./wake-on-lan.js";

const tags = ["jobs"];
/** The devices one submit acts on: a run on many of them is a sensitive action. */
const submittedDeviceCount = (body: unknown): number =>
  new Set((body as SubmitJobRequest).nodes.map((n) => n.nodeId)).size;
const uidParam = z.object({ jobUid: text().min(1).max(64) });
const actorOf = (auth: AuthContext) => ({
  userId: auth.session.user.id,
  name: `${auth.session.user.firstName} ${auth.session.user.lastName}`.trim() || auth.session.user.email,
});

/** The seed's job calls, under /api with their exact paths. */
export function jobsRoutes(deps: AppDeps, service: JobsService): FastifyPluginAsyncZod {
  const wake = createWakeOnLan(deps);
  return async (app) => {
    app.post(
      "/webapp/submit/job",
      // One submit may fan out to a whole fleet (10,000 devices): a larger body than other calls.
      {
        config: { access: "jobs.run", stepUp: { devices: submittedDeviceCount } },
        bodyLimit: 16 * 1024 * 1024,
        schema: { tags, body: submitJobRequest, response: { 200: submitJobResponse } },
      },
      async (request) => {
        // The submit records itself in the audit log, per organization and Run As credential.
        const actor = { ...actorOf(requireAuth(request)), audit: actorOfRequest(request) };
        const rows = await service.submit(actor, request.body, requireScope(request));
        return {
          resultCode: "SUCCESS" as const,
          status: "SUCCESS" as const,
          jobs: rows.map((r) => ({ jobUid: r.jobUid, nodeId: r.deviceId, jobType: r.jobType })),
        };
      },
    );

    app.get(
      "/node/:id/wakeup",
      {
        config: { access: "jobs.run", csrf: true },
        schema: {
          tags,
          params: idParam,
          response: {
            200: z.object({
              resultCode: z.literal("SUCCESS"),
              relayNodeId: z.number().int(),
              macAddresses: z.array(z.string()),
            }),
          },
        },
      },
      async (request) => {
        const result = await wake(requireScope(request), request.params.id);
        await audit(deps.db, request, {
          action: "device.wake_on_lan",
          targetType: "device",
          targetId: request.params.id,
          data: { relay: result.relayNodeId },
        });
        return result;
      },
    );

    app.get(
      "/webapp/job/list",
      {
        config: { access: "devices.read", touchSession: false },
        schema: { tags, querystring: jobListQuery, response: { 200: jobListResponse } },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await service.list(
          requireScope(request),
          {
            deviceId: q.nodeId,
            organizationId: q.organizationId,
            jobType: q.jobType,
            jobStatus: q.jobStatus,
            appUserId: q.appUserId,
            since: q.since ? new Date(q.since) : undefined,
          },
          q.page,
          q.pageSize,
        );
        return {
          resultCode: "SUCCESS" as const,
          jobs: items.map(presentJob),
          total,
          page: q.page,
          pageSize: q.pageSize,
        };
      },
    );

    app.get(
      "/webapp/job/:jobUid",
      {
        config: { access: "devices.read", touchSession: false },
        schema: { tags, params: uidParam, response: { 200: jobResponse } },
      },
      async (request) => ({
        resultCode: "SUCCESS" as const,
        job: presentJob(await service.get(requireScope(request), request.params.jobUid)),
      }),
    );

    app.get(
      "/webapp/job/:jobUid/output",
      {
        config: { access: "devices.read", touchSession: false },
        schema: { tags, params: uidParam, response: { 200: jobOutputResponse } },
      },
      async (request) => {
        const row = await service.get(requireScope(request), request.params.jobUid);
        return {
          stdout: row.stdout,
          stderr: row.stderr,
          truncated: row.outputTruncated,
          exitCode: row.exitCode,
        };
      },
    );

    app.post(
      "/webapp/job/:jobUid/cancel",
      { config: { access: "jobs.run" }, schema: { tags, params: uidParam, response: { 200: jobResponse } } },
      async (request) => {
        const row = await service.cancel(
          actorOf(requireAuth(request)),
          request.params.jobUid,
          requireScope(request),
        );
        await audit(deps.db, request, {
          action: "job.cancelled",
          targetType: "job",
          targetId: row.jobUid,
          organizationId: row.organizationId,
        });
        return { resultCode: "SUCCESS" as const, job: presentJob(row) };
      },
    );
  };
}
