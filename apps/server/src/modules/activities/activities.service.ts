import type { z } from "zod";
import type { ActivityList, activityQuery, PendingJobList, pendingJobsQuery } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { presentActivity, presentPendingJob } from "./activities.presenter.js";
import type { ActivitiesRepository } from "./activities.repository.js";

/** Pending scripts and activity feeds at system, organization and device level (read-only). */
export function createActivitiesService({ repo }: { repo: ActivitiesRepository }) {
  async function requireOrganization(id: number | undefined) {
    if (id !== undefined && !(await repo.organizationExists(id)))
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, "No such organization");
  }
  async function requireDevice(id: number | undefined) {
    if (id !== undefined && !(await repo.deviceExists(id)))
      throw new AppError("E_DEVICE_NOT_FOUND", 404, `No device with id ${id}`);
  }

  return {
    async pending(q: z.output<typeof pendingJobsQuery>): Promise<PendingJobList> {
      await requireOrganization(q.organizationId);
      await requireDevice(q.deviceId);
      const { items, total } = await repo.pending(q, q.page, q.pageSize);
      return { items: items.map(presentPendingJob), total, page: q.page, pageSize: q.pageSize };
    },

    async activities(q: z.output<typeof activityQuery>): Promise<ActivityList> {
      const organizationId = q.scope === "organization" ? q.id : undefined;
      const deviceId = q.scope === "device" ? q.id : undefined;
      await requireOrganization(organizationId);
      await requireDevice(deviceId);
      const { items, total } = await repo.activities(
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
      return { items: items.map(presentActivity), total, page: q.page, pageSize: q.pageSize };
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
