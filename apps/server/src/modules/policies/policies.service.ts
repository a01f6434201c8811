import type {
  copyPolicyRequest,
  createPolicyRequest,
  policyListQuery,
  revertPolicyItemRequest,
  updatePolicyRequest,
} from "@steward/contracts";
import {
  deviceClasses,
  descendantsOf,
  effectiveValues,
  parentProblem,
  policiesWithChangedEffect,
  resolveEffective,
  revertItem,
  scriptIdsOfItems,
  type DeviceClass,
  type PolicyItems,
} from "@steward/domain";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { Db } from "../../platform/db/database.js";
import { chooseFor, treeOf, type AssignmentMaps } from "./policies.effective.js";
import type { PoliciesRepository, PolicyRow } from "./policies.repository.js";

export type Actor = Parameters<typeof audit>[1];

export const policyNotFound = () => new AppError("E_POLICY_NOT_FOUND", 404);

/** The Default policy seeded for each class. */
export const defaultPolicyNames: Record<DeviceClass, string> = {
  WINDOWS_WORKSTATION: "Windows Workstation Default",
  WINDOWS_SERVER: "Windows Server Default",
  MAC: "macOS Default",
  LINUX_WORKSTATION: "Linux Workstation Default",
  LINUX_SERVER: "Linux Server Default",
};

function nameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "policies_class_name_key")
      throw new AppError("E_POLICY_NAME_TAKEN", 409, { id: "errors.policies.nameTaken", values: { name } });
  }
  throw error;
}

function checkParent(
  child: { id: number | null; deviceClass: DeviceClass },
  parentId: number,
  rows: PolicyRow[],
) {
  const problem = parentProblem(child, parentId, treeOf(rows));
  if (problem === "NOT_FOUND") throw policyNotFound();
  if (problem === "OTHER_CLASS")
    throw new AppError("E_POLICY_PARENT_INVALID", 400, { id: "errors.policies.parentOtherClass" });
  if (problem === "CYCLE")
    throw new AppError("E_POLICY_PARENT_INVALID", 400, { id: "errors.policies.parentCycle" });
}

export interface PoliciesDeps {
  repo: PoliciesRepository;
  /** The same repository on a transaction's handle. */
  repoOn: (db: Db) => PoliciesRepository;
  /** Called after a committed change to policies or where they apply (agents get their policy). */
  onChanged?: () => void;
}

/**
 * Agent policies: shared definitions, one class each, in trees whose children inherit what they
 * do not override. Every change runs with the forest locked and moves the version of each policy
 * whose effective values it changed, the descendants' included.
 */
export function createPoliciesService({ repo, repoOn, onChanged }: PoliciesDeps) {
  /** Runs a change with the forest locked; bumps the versions of the policies whose effect changed. */
  async function change<T>(
    work: (
      r: PoliciesRepository,
      rows: PolicyRow[],
    ) => Promise<{ result: T; touched: number[]; bump?: number[] }>,
  ): Promise<T> {
    const outcome = await repo.db.transaction(async (tx) => {
      const r = repoOn(tx);
      await r.lockAll();
      const before = await r.all();
      const { result, touched, bump = [] } = await work(r, before);
      const after = await r.all();
      const beforeTree = treeOf(before);
      const afterTree = treeOf(after);
      const reach = new Set<number>();
      for (const id of touched)
        for (const x of [id, ...descendantsOf(id, beforeTree), ...descendantsOf(id, afterTree)]) reach.add(x);
      const changed = new Set([...policiesWithChangedEffect(reach, beforeTree, afterTree), ...bump]);
      await r.bumpVersions([...changed].filter((id) => afterTree.has(id)));
      return result;
    });
    onChanged?.();
    return outcome;
  }

  async function rowOf(id: number): Promise<{ row: PolicyRow; rows: PolicyRow[] }> {
    const rows = await repo.all();
    const row = rows.find((r) => r.id === id);
    if (!row) throw policyNotFound();
    return { row, rows };
  }

  /** How many devices get this policy by the precedence rule. */
  async function devicesUsing(r: PoliciesRepository, id: number, rows: PolicyRow[]): Promise<number> {
    const reached = await r.devicesReachedBy(id);
    if (reached.length === 0) return 0;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const assignments = await r.assignmentsOf(reached);
    return reached.filter((d) => chooseFor(d, byId, assignments).policy?.id === id).length;
  }

  return {
    /**
     * A library script changed (or was deleted): every policy whose effective items use it (a
     * condition's script-result check or automation scripts, a scheduled automation) moves its
     * version, so the devices with it are sent their policy again. Answers the moved policies.
     */
    scriptChanged: (scriptId: number): Promise<number[]> =>
      change(async (_r, rows) => {
        const tree = treeOf(rows);
        const bump = rows
          .filter((row) => scriptIdsOfItems(effectiveValues(resolveEffective(row.id, tree))).has(scriptId))
          .map((row) => row.id);
        return { result: bump, touched: [], bump };
      }),

    ensureDefaults: () =>
      repo.ensureDefaults(
        deviceClasses.map((deviceClass) => ({ deviceClass, name: defaultPolicyNames[deviceClass] })),
      ),

    /** The policies (of one class), with how many devices in the scope each one reaches. */
    async list(query: z.output<typeof policyListQuery>, scope: Scope) {
      const [rows, devices] = await Promise.all([repo.all(), repo.devicesWithAssignments(scope)]);
      const items = rows.filter((r) => !query.deviceClass || r.deviceClass === query.deviceClass);
      return { rows, items, deviceCounts: countDevices(rows, devices) };
    },

    get: rowOf,

    async create(input: z.output<typeof createPolicyRequest>, actor: Actor) {
      const id = await change(async (r, rows) => {
        if (input.parentId !== null)
          checkParent({ id: null, deviceClass: input.deviceClass }, input.parentId, rows);
        const created = await r.insert(input).catch((e: unknown) => nameTaken(e, input.name));
        await audit(r.db, actor, {
          action: "policy.create",
          targetType: "policy",
          targetId: created,
          data: {
            name: input.name,
            deviceClass: input.deviceClass,
            parentId: input.parentId,
            items: input.items,
          },
        });
        return { result: created, touched: [] };
      });
      return rowOf(id);
    },

    async update(id: number, input: z.output<typeof updatePolicyRequest>, actor: Actor) {
      await change(async (r, rows) => {
        const row = rows.find((x) => x.id === id);
        if (!row) throw policyNotFound();
        if (input.parentId !== undefined && input.parentId !== null) checkParent(row, input.parentId, rows);
        await r.update(id, input).catch((e: unknown) => nameTaken(e, input.name ?? row.name));
        await audit(r.db, actor, {
          action: "policy.update",
          targetType: "policy",
          targetId: id,
          data: { name: row.name, ...input },
        });
        // Switching enforcement on or off changes what devices apply, so it moves the version too.
        const bump = input.enabled !== undefined && input.enabled !== row.enabled ? [id] : [];
        return { result: undefined, touched: [id], bump };
      });
      return rowOf(id);
    },

    async copy(id: number, input: z.output<typeof copyPolicyRequest>, actor: Actor) {
      const copyId = await change(async (r, rows) => {
        const row = rows.find((x) => x.id === id);
        if (!row) throw policyNotFound();
        const created = await r
          .insert({
            name: input.name,
            description: row.description,
            deviceClass: row.deviceClass,
            parentId: row.parentId,
            enabled: row.enabled,
            items: row.items,
          })
          .catch((e: unknown) => nameTaken(e, input.name));
        await audit(r.db, actor, {
          action: "policy.copy",
          targetType: "policy",
          targetId: created,
          data: { name: input.name, copiedFrom: id, copiedFromName: row.name },
        });
        return { result: created, touched: [] };
      });
      return rowOf(copyId);
    },

    /**
     * Deletes a policy no device uses. Its children move up to its parent and take over its
     * overrides (their own still win), so what they enforce does not change.
     */
    async remove(id: number, actor: Actor): Promise<void> {
      await change(async (r, rows) => {
        const row = rows.find((x) => x.id === id);
        if (!row) throw policyNotFound();
        if (row.isDefault) throw new AppError("E_POLICY_DEFAULT_UNDELETABLE", 409);
        const count = await devicesUsing(r, id, rows);
        if (count > 0)
          throw new AppError(
            "E_POLICY_IN_USE",
            409,
            { id: "errors.policies.inUse", values: { count } },
            {
              deviceCount: count,
            },
          );
        for (const child of rows.filter((x) => x.parentId === id))
          await r.update(child.id, { parentId: row.parentId, items: foldItems(row.items, child.items) });
        await r.delete(id);
        await audit(r.db, actor, {
          action: "policy.delete",
          targetType: "policy",
          targetId: id,
          data: { name: row.name, deviceClass: row.deviceClass },
        });
        return { result: undefined, touched: [id] };
      });
    },

    /** Drops one override of the policy: the item is inherited again. */
    async revert(id: number, input: z.output<typeof revertPolicyItemRequest>, actor: Actor) {
      await change(async (r, rows) => {
        const row = rows.find((x) => x.id === id);
        if (!row) throw policyNotFound();
        const items = revertItem(row.items, input.section, input.item);
        if (items !== row.items) {
          await r.update(id, { items });
          await audit(r.db, actor, {
            action: "policy.revert_item",
            targetType: "policy",
            targetId: id,
            data: { name: row.name, section: input.section, item: input.item },
          });
        }
        return { result: undefined, touched: [id] };
      });
      return rowOf(id);
    },
  };
}

/** Per policy, the devices whose effective policy it is by the precedence rule. */
function countDevices(
  rows: readonly PolicyRow[],
  devices: Awaited<ReturnType<PoliciesRepository["devicesWithAssignments"]>>,
): Map<number, number> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const assignments: AssignmentMaps = { device: new Map(), location: new Map(), organizationRole: new Map() };
  for (const d of devices) {
    if (d.devicePolicyId !== null) assignments.device.set(d.id, d.devicePolicyId);
    if (d.rolePolicyId !== null)
      assignments.organizationRole.set(`${d.organizationId}:${d.roleId}`, d.rolePolicyId);
    for (const [deviceClass, policyId] of Object.entries(d.locationPolicies ?? {}))
      assignments.location.set(`${d.locationId}:${deviceClass}`, policyId);
  }
  const counts = new Map<number, number>();
  for (const d of devices) {
    const id = chooseFor(d, byId, assignments).policy?.id;
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** A parent's overrides under a child's own (the child's win). */
function foldItems(parent: PolicyItems, child: PolicyItems): PolicyItems {
  const merged: PolicyItems = {};
  for (const key of new Set([...Object.keys(parent), ...Object.keys(child)]))
    merged[key] = { ...parent[key], ...child[key] };
  return merged;
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
