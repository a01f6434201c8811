import type { z } from "zod";
import type { activityQuery, pendingJobsQuery } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
import type { ActivitiesRepository } from "./activities.repository.js";

/**
 * Pending scripts and activity feeds at system, organization and device level (read-only), inside
 * the caller's scope: the system feed shows only the organizations in it, and an organization or
 * device outside it answers like one that does not exist.
 */
export function createActivitiesService({ repo }: { repo: ActivitiesRepository }) {
  async function requireOrganization(scope: Scope, id: number | undefined) {
    if (id !== undefined && !(await repo.organizationExists(scope, id)))
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, { id: "errors.organizations.noSuch" });
  }
  async function requireDevice(scope: Scope, id: number | undefined) {
    if (id !== undefined && !(await repo.deviceExists(scope, id)))
      throw new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.idNotFound", values: { id } });
  }

  return {
    /** One page of pending jobs (rows; the route presents them). */
    async pending(scope: Scope, q: z.output<typeof pendingJobsQuery>) {
      await requireOrganization(scope, q.organizationId);
      await requireDevice(scope, q.deviceId);
      const { items, total } = await repo.pending(scope, q, q.page, q.pageSize);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    /** One page of activities (rows; the route presents them). */
    async activities(scope: Scope, q: z.output<typeof activityQuery>) {
      const organizationId = q.scope === "organization" ? q.id : undefined;
      const deviceId = q.scope === "device" ? q.id : undefined;
      await requireOrganization(scope, organizationId);
      await requireDevice(scope, deviceId);
      const { items, total } = await repo.activities(
        scope,
        {
          organizationId,
          deviceId,
          types: q.type,
          statuses: q.status,
          userId: q.userId,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
        },
        q.page,
        q.pageSize,
      );
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
