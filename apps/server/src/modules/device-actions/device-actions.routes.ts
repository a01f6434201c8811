import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adHocCommandRequest,
  deviceJobResponse,
  idParam,
  powerActionRequest,
  uninstallAgentResponse,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import {
  actorOfRequest,
  audit,
  inScope,
  requireAuth,
  requireScope,
  type AuthContext,
} from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import type { JobsService } from "../jobs/index.js";

const tags = ["device-actions"];

const actorOf = (auth: AuthContext) => ({
  userId: auth.session.user.id,
  name: `${auth.session.user.firstName} ${auth.session.user.lastName}`.trim() || auth.session.user.email,
});

/** The job name a restart or shutdown is listed under. */
export const powerJobName = (action: "REBOOT" | "SHUTDOWN") =>
  action === "REBOOT" ? "Restart" : "Shut down";
export const AD_HOC_JOB_NAME = "Ad-hoc command";

/**
 * One device's actions: restart or shut down, an ad-hoc command, uninstall. Restarts and
 * commands are jobs of the job engine (its submit checks scope, approval and audits the submit);
 * a device outside the caller's scope answers like a missing one.
 */
export function deviceActionsRoutes(
  deps: Pick<AppDeps, "db" | "bus">,
  jobs: JobsService,
): FastifyPluginAsyncZod {
  const submitOne = async (
    request: Parameters<typeof requireAuth>[0],
    deviceId: number,
    job: { jobType: "ACTION" | "REBOOT_ACTION"; jobName: string; content: Record<string, unknown> },
  ) => {
    const actor = { ...actorOf(requireAuth(request)), audit: actorOfRequest(request) };
    const [row] = await jobs.submit(
      actor,
      { nodes: [{ nodeId: deviceId, jobs: [job] }] },
      requireScope(request),
    );
    if (!row) throw new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.noSuch" });
    return row;
  };

  return async (app) => {
    app.post(
      "/device/:id/power",
      {
        config: { access: "jobs.run" },
        schema: { tags, params: idParam, body: powerActionRequest, response: { 200: deviceJobResponse } },
      },
      async (request) => {
        const body = request.body;
        const row = await submitOne(request, request.params.id, {
          jobType: "REBOOT_ACTION",
          jobName: powerJobName(body.action),
          content: body,
        });
        await audit(deps.db, request, {
          action: body.action === "REBOOT" ? "device.reboot" : "device.shutdown",
          targetType: "device",
          targetId: row.deviceId,
          organizationId: row.organizationId,
          data: {
            jobUid: row.jobUid,
            delayMinutes: body.delayMinutes,
            ...(body.at ? { at: body.at } : {}),
            postponeLimit: body.postponeLimit,
            hasMessage: Boolean(body.message),
          },
        });
        return {
          resultCode: "SUCCESS" as const,
          jobUid: row.jobUid,
          nodeId: row.deviceId,
          jobType: row.jobType,
        };
      },
    );

    app.post(
      "/device/:id/command",
      {
        config: { access: "devices.command" },
        schema: { tags, params: idParam, body: adHocCommandRequest, response: { 200: deviceJobResponse } },
      },
      async (request) => {
        const body = request.body;
        const row = await submitOne(request, request.params.id, {
          jobType: "ACTION",
          jobName: AD_HOC_JOB_NAME,
          content: {
            script: { name: AD_HOC_JOB_NAME, language: body.language, body: body.body },
            parameters: [],
            timeoutSeconds: body.timeoutSeconds,
          },
        });
        // The command text itself is part of the audit trail (who ran what, where).
        await audit(deps.db, request, {
          action: "device.command",
          targetType: "device",
          targetId: row.deviceId,
          organizationId: row.organizationId,
          data: { jobUid: row.jobUid, language: body.language, command: body.body.slice(0, 4000) },
        });
        return {
          resultCode: "SUCCESS" as const,
          jobUid: row.jobUid,
          nodeId: row.deviceId,
          jobType: row.jobType,
        };
      },
    );

    app.post(
      "/device/:id/uninstall",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, response: { 200: uninstallAgentResponse } },
      },
      async (request) => {
        const scope = requireScope(request);
        const archivedAt = new Date();
        // Archived, never deleted: its jobs, activities and audit trail stay.
        const [device] = await deps.db
          .update(devices)
          .set({ archivedAt })
          .where(
            and(
              eq(devices.id, request.params.id),
              isNull(devices.archivedAt),
              inScope(scope, devices.organizationId),
            ),
          )
          .returning({ id: devices.id, organizationId: devices.organizationId, status: devices.status });
        if (!device) throw new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.noSuch" });
        const delivered = device.status === "UP";
        deps.bus.emit("uninstallAgent", { deviceId: device.id, requestId: `uninstall-${randomUUID()}` });
        await audit(deps.db, request, {
          action: "device.uninstall",
          targetType: "device",
          targetId: device.id,
          organizationId: device.organizationId,
          data: { delivered },
        });
        return {
          resultCode: "SUCCESS" as const,
          nodeId: device.id,
          delivered,
          archivedAt: archivedAt.toISOString(),
        };
      },
    );
  };
}
