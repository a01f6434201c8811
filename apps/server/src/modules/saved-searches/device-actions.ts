import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { DeviceActionName } from "@steward/contracts";
import { validateTag } from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { Actor, Changed, DevicesService } from "../devices/index.js";

/**
 * One bulk action of POST /api/search/runner/execute-action: how its `data` is checked and how it
 * changes the devices a condition selects (set-based). Later issues register more actions.
 */
export interface DeviceAction<D = unknown> {
  name: DeviceActionName;
  data: z.ZodType<D>;
  run(where: SQL, data: D, actor: Actor): Promise<Changed[]>;
}

export type DeviceActionRegistry = Map<DeviceActionName, DeviceAction>;

function define<D>(action: DeviceAction<D>): DeviceAction {
  return action as DeviceAction;
}

const tag = z.string().max(200);

/** The built-in action set: set role, add and remove a tag, approve, delete. */
export function createDeviceActions(devices: DevicesService): DeviceActionRegistry {
  const actions = [
    define({
      name: "SET_ROLE",
      data: z.object({ roleId: z.number().int().positive().nullable() }),
      run: (where, data, actor) => devices.bulk.setRole(where, data.roleId, actor),
    }),
    define({
      name: "ADD_TAG",
      data: z.object({ tag }),
      run: (where, data, actor) => {
        const problem = validateTag(data.tag);
        if (problem) throw new AppError("E_TAG_INVALID", 400, problem);
        return devices.bulk.addTag(where, data.tag, actor);
      },
    }),
    define({
      name: "REMOVE_TAG",
      data: z.object({ tag }),
      run: (where, data, actor) => devices.bulk.removeTag(where, data.tag, actor),
    }),
    define({
      name: "APPROVE",
      data: z.object({}),
      run: (where, _data, actor) => devices.bulk.decide(where, "APPROVED", actor),
    }),
    define({
      name: "DELETE",
      data: z.object({}),
      run: async (where, _data, actor) => {
        const rows = await devices.bulk.remove(where);
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
  return new Map(actions.map((a) => [a.name, a]));
}
