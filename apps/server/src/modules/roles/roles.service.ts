import {
  sharedEn,
  createTechnicianRoleRequest,
  updateTechnicianRoleRequest,
  type CopyTechnicianRoleRequest,
  type CreateTechnicianRoleRequest,
  type TechnicianRole,
  type UpdateTechnicianRoleRequest,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { Grants } from "../../platform/identity/index.js";
import { permissionsBeyond, visibleScope } from "./roles.grants.js";
import { presentRole } from "./roles.presenter.js";
import type { RoleRow, RoleValues, RolesRepository } from "./roles.repository.js";

/** How a role comes about or changes, as the refusal of one beyond the actor's grants says it. */
type RoleVerb = "create" | "copy" | "change";

const notFound = () => new AppError("E_ROLE_NOT_FOUND", 404);
const builtIn = () => new AppError("E_ROLE_BUILT_IN", 409);
const taken = (name: string) =>
  new AppError("E_ROLE_NAME_TAKEN", 409, { id: "errors.roles.nameTaken", values: { name } });

// The exact name, and the name regardless of case (two saves racing past the service's check).
const nameConstraints = new Set(["technician_roles_name_unique", "technician_roles_name_lower_key"]);

function rethrowNameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && typeof constraint === "string" && nameConstraints.has(constraint))
      throw taken(name);
  }
  throw error;
}

/** Refuses a role the actor could not hold themselves: nobody hands out more than they have. */
function assertWithinGrants(actor: Grants, role: RoleValues, verb: RoleVerb) {
  const beyond = permissionsBeyond(actor, role);
  if (beyond.length > 0)
    throw new AppError(
      "E_ROLE_EXCEEDS_GRANTS",
      403,
      { id: "errors.roles.exceedsGrants", values: { verb, permissions: beyond.join(", ") } },
      { permissions: beyond },
    );
}

const valuesOf = (row: RoleRow): RoleValues => ({
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  allOrganizations: row.allOrganizations,
  organizationIds: row.organizationIds,
});

/** Technician roles: custom roles over organization scopes, built-in templates, who holds what. */
export function createRolesService({ repo }: { repo: RolesRepository }) {
  async function existing(id: number): Promise<RoleRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return row;
  }

  async function present(rows: RoleRow[], viewer: Grants): Promise<TechnicianRole[]> {
    const names = await repo.organizationNames(
      [...new Set(rows.flatMap((r) => r.organizationIds))],
      visibleScope(viewer),
    );
    return rows.map((row) => presentRole(row, names));
  }

  /** Organizations the actor cannot see answer exactly like organizations that do not exist. */
  async function assertOrganizationsKnown(actor: Grants, values: RoleValues) {
    if (values.allOrganizations) return;
    const scope = visibleScope(actor);
    const found = await repo.organizationNames(values.organizationIds, scope);
    // organizationNames reads through the scope: an id it does not name is unknown or out of scope.
    const unknown = values.organizationIds.filter((id) => !found.has(id));
    if (unknown.length > 0)
      throw new AppError(
        "E_ORGANIZATION_NOT_FOUND",
        400,
        { id: "errors.organizations.notFound" },
        { organizationIds: unknown },
      );
  }

  async function assertNameFree(name: string, exceptId?: number) {
    if (await repo.nameTaken(name, exceptId)) throw taken(name);
  }

  async function insert(actor: Grants, values: RoleValues, verb: RoleVerb): Promise<TechnicianRole> {
    await assertOrganizationsKnown(actor, values);
    assertWithinGrants(actor, values, verb);
    await assertNameFree(values.name);
    const id = await repo.insert(values).catch((e: unknown) => rethrowNameTaken(e, values.name));
    return (await present([await existing(id)], actor))[0]!;
  }

  async function freeCopyName(source: string): Promise<string> {
    for (let n = 1; ; n++) {
      const name = (n === 1 ? `Copy of ${source}` : `Copy of ${source} (${n})`).slice(0, 100);
      if (!(await repo.nameTaken(name))) return name;
    }
  }

  return {
    async list(viewer: Grants): Promise<TechnicianRole[]> {
      return present(await repo.list(), viewer);
    },

    async get(viewer: Grants, id: number): Promise<TechnicianRole> {
      return (await present([await existing(id)], viewer))[0]!;
    },

    async create(actor: Grants, input: CreateTechnicianRoleRequest): Promise<TechnicianRole> {
      const body = createTechnicianRoleRequest.parse(input);
      return insert(
        actor,
        { ...body, organizationIds: body.allOrganizations ? [] : body.organizationIds },
        "create",
      );
    },

    /** Built-in templates are copied, never edited; the copy starts as a custom role. */
    async copy(actor: Grants, id: number, input: CopyTechnicianRoleRequest): Promise<TechnicianRole> {
      const source = await existing(id);
      const name = input.name ?? (await freeCopyName(source.name));
      return insert(actor, { ...valuesOf(source), name }, "copy");
    },

    /** Changes a custom role; the editor must hold both what it grants now and what it will grant. */
    async update(
      actor: Grants,
      id: number,
      input: UpdateTechnicianRoleRequest,
    ): Promise<{ before: TechnicianRole; after: TechnicianRole }> {
      const body = updateTechnicianRoleRequest.parse(input);
      const row = await existing(id);
      if (row.isBuiltIn) throw builtIn();
      const allOrganizations = body.allOrganizations ?? row.allOrganizations;
      const next: RoleValues = {
        name: body.name ?? row.name,
        description: body.description ?? row.description,
        permissions: body.permissions ?? row.permissions,
        allOrganizations,
        organizationIds: allOrganizations ? [] : (body.organizationIds ?? row.organizationIds),
      };
      if (!next.allOrganizations && next.organizationIds.length === 0)
        throw new AppError(
          "E_VALIDATION",
          400,
          {
            id: "errors.validation.field",
            values: { field: "organizationIds", issue: sharedEn.validation.chooseOrganization },
          },
          {
            issues: [{ path: ["body", "organizationIds"], message: sharedEn.validation.chooseOrganization }],
          },
        );
      assertWithinGrants(actor, valuesOf(row), "change");
      await assertOrganizationsKnown(actor, next);
      assertWithinGrants(actor, next, "change");
      if (next.name !== row.name) await assertNameFree(next.name, id);
      await repo.update(id, next).catch((e: unknown) => rethrowNameTaken(e, next.name));
      const [before, after] = await present([row, await existing(id)], actor);
      return { before: before!, after: after! };
    },

    /** Deletes a custom role that nobody holds (a held role must be taken away first). */
    async remove(id: number): Promise<TechnicianRole> {
      const row = await existing(id);
      if (row.isBuiltIn) throw builtIn();
      if (!(await repo.removeUnheld(id))) {
        if (!(await repo.byId(id))) throw notFound();
        throw new AppError(
          "E_ROLE_IN_USE",
          409,
          { id: "errors.roles.inUse", values: { name: row.name } },
          { holderCount: row.holderCount },
        );
      }
      return presentRole(row, new Map());
    },

    /**
     * Checks a change of the roles a technician holds: every role must exist, and the actor must
     * hold every role given or taken away (nobody hands out, or takes back, more than they hold).
     */
    async checkAssignment(actor: Grants, current: readonly number[], next: readonly number[]) {
      const rows = await repo.byIds(next);
      const missing = next.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) throw new AppError("E_ROLE_NOT_FOUND", 400, undefined, { roleIds: missing });
      const added = next.filter((id) => !current.includes(id));
      const removed = current.filter((id) => !next.includes(id));
      for (const role of await repo.byIds([...added, ...removed])) {
        const beyond = permissionsBeyond(actor, role);
        if (beyond.length > 0)
          throw new AppError(
            "E_ROLE_EXCEEDS_GRANTS",
            403,
            {
              id: added.includes(role.id)
                ? "errors.roles.giveBeyondGrants"
                : "errors.roles.takeAwayBeyondGrants",
              values: { name: role.name, permissions: beyond.join(", ") },
            },
            { roleId: role.id, permissions: beyond },
          );
      }
      return { added, removed };
    },

    roleIdsOfUsers: (userIds: readonly number[]) => repo.roleIdsOfUsers(userIds),
    setUserRoles: (userId: number, roleIds: readonly number[]) => repo.setUserRoles(userId, roleIds),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
