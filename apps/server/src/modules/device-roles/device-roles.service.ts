import type { createDeviceRoleRequest, updateDeviceRoleRequest } from "@steward/contracts";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { DeviceRolesRepository } from "./device-roles.repository.js";

type Actor = Parameters<typeof audit>[1];

const notFound = () => new AppError("E_DEVICE_ROLE_NOT_FOUND", 404);
/**
 * Roles are shared by every organization's devices (deleting one clears it on all of them), so
 * creating, changing and deleting one needs devices.manage over every organization.
 */
function requireEverywhere(scope: Scope): void {
  if (!scope.all) throw new AppError("E_FORBIDDEN", 403, { id: "errors.deviceRoles.changeNeedsAll" });
}

const builtIn = () => new AppError("E_DEVICE_ROLE_BUILT_IN", 409);

function nameTaken(error: unknown, name: string | undefined): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "device_roles_name_key") {
      throw new AppError("E_DEVICE_ROLE_NAME_TAKEN", 409, {
        id: "errors.deviceRoles.nameTaken",
        values: { name: name ?? "" },
      });
    }
  }
  throw error;
}

/**
 * Device roles: the built-in set per OS family, and technicians' own (administration → devices →
 * roles). Answers rows; the routes present them.
 */
export function createDeviceRolesService({ repo }: { repo: DeviceRolesRepository }) {
  async function existing(scope: Scope, id: number) {
    const row = await repo.find(scope, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    ensureBuiltIns: () => repo.ensureBuiltIns(),

    list: (scope: Scope) => repo.list(scope),

    get: (scope: Scope, id: number) => existing(scope, id),

    async create(scope: Scope, input: z.output<typeof createDeviceRoleRequest>, actor: Actor) {
      requireEverywhere(scope);
      const id = await repo.insert(input).catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, actor, {
        action: "device_role.create",
        targetType: "device_role",
        targetId: id,
        data: { ...input },
      });
      return existing(scope, id);
    },

    async update(scope: Scope, id: number, input: z.output<typeof updateDeviceRoleRequest>, actor: Actor) {
      requireEverywhere(scope);
      if ((await existing(scope, id)).builtIn) throw builtIn();
      await repo.update(id, input).catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, actor, {
        action: "device_role.update",
        targetType: "device_role",
        targetId: id,
        data: { ...input },
      });
      return existing(scope, id);
    },

    /** Deletes a custom role: its devices keep no role, its custom fields go with it. */
    async remove(scope: Scope, id: number, actor: Actor): Promise<void> {
      requireEverywhere(scope);
      const row = await existing(scope, id);
      if (row.builtIn) throw builtIn();
      await repo.delete(id);
      await audit(repo.db, actor, {
        action: "device_role.delete",
        targetType: "device_role",
        targetId: id,
        data: { name: row.name },
      });
    },
  };
}

export type DeviceRolesService = ReturnType<typeof createDeviceRolesService>;
