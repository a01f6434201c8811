import type { SQL } from "drizzle-orm";
import {
  deviceCriteria,
  type createDynamicPolicyRequest,
  type DeviceCriteria,
  type DynamicPolicyView,
  type dynamicPolicyListQuery,
  type reorderDynamicPoliciesRequest,
  type updateDynamicPolicyRequest,
} from "@steward/contracts";
import {
  deviceClassOf,
  isPermutationOf,
  osFamilyOfClass,
  scriptIdsOfItems,
  type DeviceClass,
} from "@steward/domain";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { Db } from "../../platform/db/database.js";
import type { DeviceFacts } from "./dynamic-policies.facts.js";
import type { DynamicPoliciesRepository, DynamicPolicyRow } from "./dynamic-policies.repository.js";

export type Actor = Parameters<typeof audit>[1];

const notFound = () => new AppError("E_DYNAMIC_POLICY_NOT_FOUND", 404);

function nameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "dynamic_policies_class_name_key")
      throw new AppError("E_DYNAMIC_POLICY_NAME_TAKEN", 409, {
        id: "errors.dynamicPolicies.nameTaken",
        values: { name },
      });
  }
  throw error;
}

/** Stored criteria that no longer parse match no device (never every device). */
function criteriaOf(row: DynamicPolicyRow): DeviceCriteria | null {
  const parsed = deviceCriteria.safeParse(row.criteria);
  return parsed.success ? parsed.data : null;
}

export interface DynamicPoliciesDeps {
  repo: DynamicPoliciesRepository;
  /** The same repository on a transaction's handle. */
  repoOn: (db: Db) => DynamicPoliciesRepository;
  /** The device search's condition over devices for criteria (a saved search's criteria loaded). */
  whereOf: (criteria: DeviceCriteria) => Promise<SQL | undefined>;
  /** Called after a committed change (agents get their merged policy). */
  onChanged?: () => void;
}

/** A dynamic policy that applies to a device, as the device's policy reads it. */
export type MatchedDynamicPolicy = Pick<
  DynamicPolicyRow,
  "id" | "name" | "priority" | "version" | "sections" | "deviceClass"
>;

/**
 * Dynamic policies: global definitions, one device class each, applied on top of the base policy
 * of the devices of that class their criteria match, in a priority order per class.
 */
export function createDynamicPoliciesService({ repo, repoOn, whereOf, onChanged }: DynamicPoliciesDeps) {
  /** The condition a dynamic policy's criteria select, or null when they select nothing. */
  async function conditionOf(row: DynamicPolicyRow): Promise<SQL | undefined | null> {
    const criteria = criteriaOf(row);
    if (criteria === null) return null;
    try {
      return await whereOf(criteria);
    } catch (error) {
      // A saved search it names was deleted: it matches nothing until edited.
      if (error instanceof AppError && error.code === "E_SAVED_SEARCH_NOT_FOUND") return null;
      throw error;
    }
  }

  async function deviceCount(scope: Scope, row: DynamicPolicyRow): Promise<number> {
    if (!row.enabled) return 0;
    const where = await conditionOf(row);
    if (where === null) return 0;
    const facts = await repo.factsMatching(scope, where, osFamilyOfClass(row.deviceClass));
    return facts.filter((d) => deviceClassOf(d) === row.deviceClass).length;
  }

  async function present(scope: Scope, row: DynamicPolicyRow): Promise<DynamicPolicyView> {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      deviceClass: row.deviceClass,
      enabled: row.enabled,
      priority: row.priority,
      criteria: criteriaOf(row) ?? {},
      sections: row.sections,
      version: row.version,
      deviceCount: await deviceCount(scope, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function existing(id: number): Promise<DynamicPolicyRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Refuses criteria naming a saved search that does not exist (404 like the search itself). */
  async function checkCriteria(criteria: DeviceCriteria | undefined) {
    if (criteria !== undefined) await whereOf(criteria);
  }

  /** Renumbers a class 1…n in the given order; rows whose place changed get a new version. */
  async function renumber(r: DynamicPoliciesRepository, rows: DynamicPolicyRow[], order: number[]) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [index, id] of order.entries())
      if (byId.get(id)!.priority !== index + 1) await r.update(id, { priority: index + 1 });
  }

  return {
    /**
     * A library script changed (or was deleted): every dynamic policy whose sections use it moves
     * its version, so the devices matching it are sent their merged policy again.
     */
    async scriptChanged(scriptId: number): Promise<number[]> {
      const moved: number[] = [];
      for (const row of await repo.all()) {
        const items = Object.fromEntries(
          Object.entries(row.sections as Record<string, { items?: Record<string, unknown> }>).map(
            ([key, section]) => [key, section?.items],
          ),
        );
        if (!scriptIdsOfItems(items).has(scriptId)) continue;
        await repo.update(row.id, {});
        moved.push(row.id);
      }
      if (moved.length > 0) onChanged?.();
      return moved;
    },

    async list(scope: Scope, query: z.output<typeof dynamicPolicyListQuery>): Promise<DynamicPolicyView[]> {
      const rows = (await repo.all()).filter(
        (r) => !query.deviceClass || r.deviceClass === query.deviceClass,
      );
      const views: DynamicPolicyView[] = [];
      for (const row of rows) views.push(await present(scope, row));
      return views;
    },

    async get(scope: Scope, id: number): Promise<DynamicPolicyView> {
      return present(scope, await existing(id));
    },

    async create(scope: Scope, input: z.output<typeof createDynamicPolicyRequest>, actor: Actor) {
      await checkCriteria(input.criteria);
      const id = await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        await r.lockAll();
        const last = (await r.ofClass(input.deviceClass)).at(-1)?.priority ?? 0;
        const created = await r
          .insert({ ...input, priority: last + 1 })
          .catch((e: unknown) => nameTaken(e, input.name));
        await audit(tx, actor, {
          action: "dynamic_policy.create",
          targetType: "dynamic_policy",
          targetId: created,
          data: { name: input.name, deviceClass: input.deviceClass, criteria: input.criteria },
        });
        return created;
      });
      onChanged?.();
      return this.get(scope, id);
    },

    async update(scope: Scope, id: number, input: z.output<typeof updateDynamicPolicyRequest>, actor: Actor) {
      await checkCriteria(input.criteria);
      await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        const row = await r.find(id);
        if (!row) throw notFound();
        await r.update(id, input).catch((e: unknown) => nameTaken(e, input.name ?? row.name));
        await audit(tx, actor, {
          action: "dynamic_policy.update",
          targetType: "dynamic_policy",
          targetId: id,
          data: { name: row.name, ...input },
        });
      });
      onChanged?.();
      return this.get(scope, id);
    },

    /** Deletes one; the rest of its class close up the order. */
    async remove(id: number, actor: Actor): Promise<void> {
      await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        await r.lockAll();
        const row = await r.find(id);
        if (!row) throw notFound();
        await r.delete(id);
        const rest = await r.ofClass(row.deviceClass);
        await renumber(
          r,
          rest,
          rest.map((x) => x.id),
        );
        await audit(tx, actor, {
          action: "dynamic_policy.delete",
          targetType: "dynamic_policy",
          targetId: id,
          data: { name: row.name, deviceClass: row.deviceClass },
        });
      });
      onChanged?.();
    },

    /** A class's new priority order: every one of its dynamic policies, highest priority first. */
    async reorder(scope: Scope, input: z.output<typeof reorderDynamicPoliciesRequest>, actor: Actor) {
      await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        await r.lockAll();
        const rows = await r.ofClass(input.deviceClass);
        if (
          !isPermutationOf(
            rows.map((x) => x.id),
            input.ids,
          )
        )
          throw new AppError("E_DYNAMIC_POLICY_ORDER_INVALID", 400, {
            id: "errors.dynamicPolicies.orderInvalid",
          });
        await renumber(r, rows, input.ids);
        await audit(tx, actor, {
          action: "dynamic_policy.reorder",
          targetType: "dynamic_policy",
          targetId: null,
          data: { deviceClass: input.deviceClass, ids: input.ids },
        });
      });
      onChanged?.();
      return this.list(scope, { deviceClass: input.deviceClass });
    },

    /** The enabled dynamic policies, by class then priority (what the scheduled automations read). */
    async enabledPolicies(): Promise<MatchedDynamicPolicy[]> {
      return (await repo.all())
        .filter((r) => r.enabled)
        .map(({ id, name, priority, version, sections, deviceClass }) => ({
          id,
          name,
          priority,
          version,
          sections,
          deviceClass,
        }));
    },

    /**
     * For each device of the list, the enabled dynamic policies of its class whose criteria match
     * it now, highest priority first (devices no dynamic policy matches are absent).
     */
    async matchesFor(list: readonly DeviceFacts[]): Promise<Map<number, MatchedDynamicPolicy[]>> {
      const result = new Map<number, MatchedDynamicPolicy[]>();
      if (list.length === 0) return result;
      const classOf = new Map(list.map((d) => [d.id, deviceClassOf(d)]));
      const classes = new Set<DeviceClass | null>(classOf.values());
      const rows = (await repo.all()).filter((r) => r.enabled && classes.has(r.deviceClass));
      for (const row of rows) {
        const candidates = list.filter((d) => classOf.get(d.id) === row.deviceClass).map((d) => d.id);
        if (candidates.length === 0) continue;
        const where = await conditionOf(row);
        if (where === null) continue;
        for (const id of await repo.matching(where, candidates)) {
          const matched = result.get(id) ?? [];
          matched.push({
            id: row.id,
            name: row.name,
            priority: row.priority,
            version: row.version,
            sections: row.sections,
            deviceClass: row.deviceClass,
          });
          result.set(id, matched);
        }
      }
      return result;
    },
  };
}

export type DynamicPoliciesService = ReturnType<typeof createDynamicPoliciesService>;
