import type { SQL } from "drizzle-orm";
import { z } from "zod";
import {
  powerActionData,
  runScriptActionData,
  type DeviceActionName,
  type Permission,
} from "@steward/contracts";
import { validateTag } from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import { withinScope, type Actor, type Changed, type DevicesService } from "../devices/index.js";
import type { JobsService } from "../jobs/index.js";

/** What an action changed; RUN_SCRIPT also tells the jobs it queued. */
export type ActionOutcome = Changed[] & { jobs?: { jobUid: string; nodeId: number; jobType: string }[] };

/**
 * One bulk action of POST /api/search/runner/execute-action: how its `data` is checked and how it
 * changes the devices a condition selects (set-based). Later issues register more actions.
 */
export interface DeviceAction<D = unknown> {
  name: DeviceActionName;
  data: z.ZodType<D>;
  /**
   * A permission needed beside the route's devices.manage (RUN_SCRIPT: jobs.run); the action then
   * runs over the organizations where the caller holds both.
   */
  permission?: Permission;
  /** Changes the devices `where` selects inside `scope`; nothing outside the scope. */
  run(scope: Scope, where: SQL, data: D, actor: Actor): Promise<ActionOutcome>;
}

export type DeviceActionRegistry = Map<DeviceActionName, DeviceAction>;

function define<D>(action: DeviceAction<D>): DeviceAction {
  return action as DeviceAction;
}

const tag = z.string().max(200);

const actorOf = (actor: Actor) => {
  const user = actor?.auth?.session.user;
  if (!user) throw new AppError("E_UNAUTHENTICATED", 401);
  return { userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email };
};

/** The built-in action set: set role, add and remove a tag, approve, delete, run a script. */
export function createDeviceActions(devices: DevicesService, jobs?: JobsService): DeviceActionRegistry {
  const actions = [
    define({
      name: "SET_ROLE",
      data: z.object({ roleId: z.number().int().positive().nullable() }),
      run: (scope, where, data, actor) => devices.bulk.setRole(scope, where, data.roleId, actor),
    }),
    define({
      name: "ADD_TAG",
      data: z.object({ tag }),
      run: (scope, where, data, actor) => {
        const problem = validateTag(data.tag);
        if (problem) throw new AppError("E_TAG_INVALID", 400, { english: problem });
        return devices.bulk.addTag(scope, where, data.tag, actor);
      },
    }),
    define({
      name: "REMOVE_TAG",
      data: z.object({ tag }),
      run: (scope, where, data, actor) => devices.bulk.removeTag(scope, where, data.tag, actor),
    }),
    define({
      name: "APPROVE",
      data: z.object({}),
      run: (scope, where, _data, actor) => devices.bulk.decide(scope, where, "APPROVED", actor),
    }),
    define({
      name: "DELETE",
      data: z.object({}),
      run: async (scope, where, _data, actor) => {
        const rows = await devices.bulk.remove(scope, where);
        devices.removed(rows);
        await audit(devices.grid.db, actor, {
          action: "device.delete",
          targetType: "device",
          data: { count: rows.length, ids: rows.slice(0, 1000).map((r) => r.id) },
        });
        return rows;
      },
    }),
  ];
  if (jobs) {
    // One ACTION job per targeted device through the job engine's own submit (same checks).
    actions.push(
      define({
        name: "RUN_SCRIPT",
        permission: "jobs.run",
        data: runScriptActionData,
        run: async (scope, where, data, actor) => {
          const { jobName, cacheExpiration, ...content } = data;
          // The organizations where both devices.manage and jobs.run are held, in the condition too.
          const rows = await jobs.submitOver(
            actorOf(actor),
            withinScope(scope, where),
            { jobType: "ACTION", ...(jobName ? { jobName } : {}), content },
            cacheExpiration,
            scope,
          );
          await audit(devices.grid.db, actor, {
            action: "jobs.submitted",
            targetType: "job",
            data: { count: rows.length, jobUids: rows.slice(0, 50).map((r) => r.jobUid), bulk: true },
          });
          const outcome: ActionOutcome = rows.map((r) => ({
            id: r.deviceId,
            organizationId: r.organizationId,
          }));
          outcome.jobs = rows.map((r) => ({ jobUid: r.jobUid, nodeId: r.deviceId, jobType: r.jobType }));
          return outcome;
        },
      }),
    );
  }
  if (jobs) {
    // Restart or shut down every targeted device: one REBOOT_ACTION job each, same submit.
    for (const name of ["REBOOT", "SHUTDOWN"] as const)
      actions.push(
        define({
          name,
          permission: "jobs.run",
          data: powerActionData.extend({ cacheExpiration: z.number().int().optional() }),
          run: async (scope, where, data, actor) => {
            const { cacheExpiration, ...content } = data;
            const rows = await jobs.submitOver(
              actorOf(actor),
              withinScope(scope, where),
              {
                jobType: "REBOOT_ACTION",
                jobName: name === "REBOOT" ? "Restart" : "Shut down",
                content: { ...content, action: name },
              },
              cacheExpiration,
              scope,
            );
            await audit(devices.grid.db, actor, {
              action: name === "REBOOT" ? "device.reboot" : "device.shutdown",
              targetType: "device",
              data: { count: rows.length, jobUids: rows.slice(0, 50).map((r) => r.jobUid), bulk: true },
            });
            const outcome: ActionOutcome = rows.map((r) => ({
              id: r.deviceId,
              organizationId: r.organizationId,
            }));
            outcome.jobs = rows.map((r) => ({ jobUid: r.jobUid, nodeId: r.deviceId, jobType: r.jobType }));
            return outcome;
          },
        }),
      );
  }
  return new Map(actions.map((a) => [a.name, a]));
}
