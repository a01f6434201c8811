import { and, sql, type SQL } from "drizzle-orm";
import type {
  createSavedSearchRequest,
  executeActionRequest,
  ExecuteActionResponse,
  updateSavedSearchRequest,
} from "@steward/contracts";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, intersectScopes, type Scope } from "../../platform/identity/index.js";
import type { Actor, DevicesService } from "../devices/index.js";
import type { DeviceActionRegistry } from "./device-actions.js";
import { criteriaOf } from "./saved-searches.criteria.js";
import type { SavedSearchesRepository, SavedSearchRow } from "./saved-searches.repository.js";

type CreateInput = z.output<typeof createSavedSearchRequest>;
type UpdateInput = z.output<typeof updateSavedSearchRequest>;
type ActionInput = z.output<typeof executeActionRequest>;

const notFound = () => new AppError("E_SAVED_SEARCH_NOT_FOUND", 404);

function nameTaken(error: unknown, name: string | null | undefined): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "saved_searches_name_key") {
      throw new AppError("E_SAVED_SEARCH_NAME_TAKEN", 409, {
        id: "errors.savedSearches.nameTaken",
        values: { name: name ?? "" },
      });
    }
  }
  throw error;
}

/** Saved searches, groups (the named ones) and bulk actions over a search's devices. */
export function createSavedSearchesService(deps: {
  repo: SavedSearchesRepository;
  devices: DevicesService;
  actions: DeviceActionRegistry;
}) {
  const { repo, devices, actions } = deps;

  async function existing(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Which devices an action targets: every given part narrows (ids, a saved search, criteria). */
  async function target(data: ActionInput["data"]): Promise<SQL> {
    const parts: (SQL | undefined)[] = [];
    if (data.nodeIds !== undefined) parts.push(devices.idsWhere(data.nodeIds));
    if (data.searchId !== undefined) parts.push(await devices.whereOf({ groupId: data.searchId }));
    if (data.criteria !== undefined) parts.push(await devices.whereOf(data.criteria));
    if (parts.length === 0) {
      throw new AppError("E_VALIDATION", 400, { id: "errors.savedSearches.noTarget" });
    }
    return and(...parts) ?? sql`true`;
  }

  return {
    /** Every saved search (rows; the routes present them). */
    list: () => repo.list(),
    /**
     * Named searches with the number of devices each matches now among the caller's organizations
     * (counted a few at a time).
     */
    async groups(scope: Scope): Promise<{ row: SavedSearchRow; deviceCount: number }[]> {
      const rows = await repo.list(true);
      const counts: number[] = [];
      for (let i = 0; i < rows.length; i += 4) {
        counts.push(
          ...(await Promise.all(
            rows
              .slice(i, i + 4)
              .map(async (row) => devices.grid.count(scope, await devices.whereOf(criteriaOf(row)))),
          )),
        );
      }
      return rows.map((row, i) => ({ row, deviceCount: counts[i] ?? 0 }));
    },
    get: (id: number) => existing(id),

    async create(input: CreateInput, actor: Actor): Promise<SavedSearchRow> {
      const id = await repo
        .insert({ ...input, createdByUserId: actor?.auth?.session.user.id ?? null })
        .catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, actor, {
        action: "saved_search.create",
        targetType: "saved_search",
        targetId: id,
        data: { name: input.name },
      });
      return existing(id);
    },

    async update(id: number, input: UpdateInput, actor: Actor): Promise<SavedSearchRow> {
      const found = await repo.update(id, input).catch((e: unknown) => nameTaken(e, input.name));
      if (!found) throw notFound();
      await audit(repo.db, actor, {
        action: "saved_search.update",
        targetType: "saved_search",
        targetId: id,
        data: { name: input.name },
      });
      return existing(id);
    },

    async remove(id: number, actor: Actor): Promise<void> {
      if (!(await repo.delete(id))) throw notFound();
      await audit(repo.db, actor, {
        action: "saved_search.delete",
        targetType: "saved_search",
        targetId: id,
      });
    },

    /**
     * POST /api/search/runner/execute-action: one set-based change over the targeted devices of
     * the caller's organizations (for an action that needs a second permission, the organizations
     * where both are held). Devices outside count neither as matched nor as changed.
     */
    async execute(input: ActionInput, routeScope: Scope, actor: Actor): Promise<ExecuteActionResponse> {
      const action = actions.get(input.action);
      if (!action)
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.savedSearches.unknownAction",
          values: { action: input.action },
        });
      if (action.permission && !actor?.auth?.permissions.has(action.permission))
        throw new AppError("E_FORBIDDEN", 403);
      const scope =
        action.permission && actor?.auth
          ? intersectScopes(routeScope, actor.auth.scopeFor(action.permission))
          : routeScope;
      const { nodeIds: _n, searchId: _s, criteria: _c, ...rest } = input.data;
      const data = action.data.safeParse(rest);
      if (!data.success) {
        const issue = data.error.issues[0];
        throw new AppError(
          "E_VALIDATION",
          400,
          {
            id: "errors.validation.field",
            values: { field: `data.${issue?.path.join(".") ?? ""}`, issue: issue?.message ?? "Invalid" },
          },
          {
            issues: data.error.issues.map((i) => ({
              path: ["body", "data", ...i.path.map(String)],
              message: i.message,
            })),
          },
        );
      }
      const where = await target(input.data);
      const matched = await devices.grid.count(scope, where);
      const changed = await action.run(scope, where, data.data, actor);
      devices.changed(changed);
      return {
        resultCode: "SUCCESS",
        action: input.action,
        matched,
        count: changed.length,
        ...(changed.jobs ? { jobs: changed.jobs } : {}),
      };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
