import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Bus } from "../../platform/bus.js";
import type { Db } from "../../platform/db/database.js";
import { systemScope } from "../../platform/identity/index.js";
import { slotAfterRun, slotCheck, type SlotSchedule } from "../../platform/schedule-slots.js";
import type { JobsService } from "../jobs/index.js";
import type { MaintenanceService } from "../maintenance/index.js";
import { resolveScriptForJob, type ScriptLookupCache } from "../scripts/index.js";
import {
  automationId,
  devicesPerAutomation,
  scheduledAutomations,
  type AutomationOwner,
  type ScheduledAutomation,
} from "./policies.automation-targets.js";
import type { DynamicMatcher, MatchedDynamic } from "./policies.effective.js";
import type { PoliciesRepository } from "./policies.repository.js";
import { dynamicPolicyAutomationRuns, policyAutomationRuns } from "./policies.tables.js";

/** Devices per submit call (a policy may reach thousands of devices). */
const NODES_PER_SUBMIT = 1_000;

/** The dynamic policies as the runner reads them, on the pass's transaction. */
export interface DynamicAutomationSource extends DynamicMatcher {
  /** The enabled dynamic policies. */
  enabledPolicies(): Promise<MatchedDynamic[]>;
}

export interface PolicyAutomationsDeps {
  db: Db;
  bus: Bus;
  jobsOn: (db: Db, bus: Bus) => Pick<JobsService, "submit">;
  /** The policies repository on the pass's transaction. */
  repoOn: (db: Db) => Pick<PoliciesRepository, "all" | "approvedDevices" | "assignmentsOf">;
  /** The dynamic policies on the pass's transaction (absent: base policies alone). */
  dynamicOn?: (db: Db) => DynamicAutomationSource;
  /** The maintenance windows, read on the pass's transaction. */
  maintenanceOn: (db: Db) => Pick<MaintenanceService, "devicesInMaintenance">;
  clock?: () => Date;
  logger?: Pick<FastifyBaseLogger, "warn" | "error">;
}

/** One automation that came due in a pass, and what it submitted. */
export interface FiredAutomation {
  /** The policy whose automation it is (null: a dynamic policy's). */
  policyId: number | null;
  /** The dynamic policy whose automation it is (null: a policy's). */
  dynamicPolicyId: number | null;
  automationKey: string;
  deviceIds: number[];
  jobUids: string[];
  /** Devices left out because a maintenance window suppresses automations on them. */
  suppressedDeviceIds: number[];
  /** Devices left out because another automation due in the same pass ran the same script there. */
  duplicateDeviceIds: number[];
  error: string | null;
}

/** A row of schedule state, whichever owner it belongs to. */
interface RunState {
  scheduleKey: string;
  nextRunAt: Date | null;
  occurrences: number;
}

type RunValues = RunState & { lastRunAt: Date | null; lastRunJobCount: number | null };

/** The schedule state of both kinds of owner, on the pass's transaction. */
function runStates(tx: Db) {
  const policyRow = (policyId: number, key: string) =>
    and(eq(policyAutomationRuns.policyId, policyId), eq(policyAutomationRuns.automationKey, key));
  const dynamicRow = (dynamicPolicyId: number, key: string) =>
    and(
      eq(dynamicPolicyAutomationRuns.dynamicPolicyId, dynamicPolicyId),
      eq(dynamicPolicyAutomationRuns.automationKey, key),
    );
  return {
    /** Every row, by `automationId`, with what removing it needs. */
    async load(): Promise<
      Map<string, RunState & { kind: AutomationOwner["kind"]; ownerId: number; key: string }>
    > {
      const found = new Map<
        string,
        RunState & { kind: AutomationOwner["kind"]; ownerId: number; key: string }
      >();
      for (const r of await tx.select().from(policyAutomationRuns))
        found.set(automationId("policy", r.policyId, r.automationKey), {
          ...r,
          kind: "policy",
          ownerId: r.policyId,
          key: r.automationKey,
        });
      for (const r of await tx.select().from(dynamicPolicyAutomationRuns))
        found.set(automationId("dynamic", r.dynamicPolicyId, r.automationKey), {
          ...r,
          kind: "dynamic",
          ownerId: r.dynamicPolicyId,
          key: r.automationKey,
        });
      return found;
    },
    async remove(kind: AutomationOwner["kind"], ownerId: number, key: string) {
      if (kind === "policy") await tx.delete(policyAutomationRuns).where(policyRow(ownerId, key));
      else await tx.delete(dynamicPolicyAutomationRuns).where(dynamicRow(ownerId, key));
    },
    async start(owner: AutomationOwner, key: string, values: RunValues) {
      if (owner.kind === "policy")
        await tx
          .insert(policyAutomationRuns)
          .values({ policyId: owner.id, automationKey: key, ...values })
          .onConflictDoUpdate({
            target: [policyAutomationRuns.policyId, policyAutomationRuns.automationKey],
            set: values,
          });
      else
        await tx
          .insert(dynamicPolicyAutomationRuns)
          .values({ dynamicPolicyId: owner.id, automationKey: key, ...values })
          .onConflictDoUpdate({
            target: [dynamicPolicyAutomationRuns.dynamicPolicyId, dynamicPolicyAutomationRuns.automationKey],
            set: values,
          });
    },
    async ran(owner: AutomationOwner, key: string, values: Omit<RunValues, "scheduleKey">) {
      if (owner.kind === "policy")
        await tx.update(policyAutomationRuns).set(values).where(policyRow(owner.id, key));
      else await tx.update(dynamicPolicyAutomationRuns).set(values).where(dynamicRow(owner.id, key));
    },
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const idOf = (s: ScheduledAutomation) => automationId(s.owner.kind, s.owner.id, s.key);

/**
 * Runs the scheduled automations of policies and dynamic policies through the job engine: each
 * pass, an automation that is due submits one ACTION job running its library script on every
 * approved device whose effective merged policy holds that automation from that owner, except
 * devices a maintenance window suppressing automations covers. A device runs a script at most
 * once per pass, however many of its automations name it. A disabled policy runs nothing on its
 * devices. A new or rescheduled automation starts from its next occurrence; runs missed while no
 * server was up are coalesced into one. Passes are serialized across server nodes by a
 * transaction-scoped advisory lock.
 */
export function createPolicyAutomations(deps: PolicyAutomationsDeps) {
  const clock = deps.clock ?? (() => new Date());

  const slotOf = (s: ScheduledAutomation): SlotSchedule => ({ ...s, schedule: s.entry.schedule });
  const unreadable = (s: ScheduledAutomation) => (error: unknown) =>
    deps.logger?.error(
      { err: error, owner: s.owner.kind, ownerId: s.owner.id, automationKey: s.key },
      "policy automation has an unreadable schedule",
    );

  /** Submits the automation's job to the devices; answers the job ids, or the failure. */
  async function submit(
    tx: Db,
    bus: Bus,
    s: ScheduledAutomation,
    deviceIds: number[],
    cache: ScriptLookupCache,
  ) {
    const name = s.entry.name?.trim() || s.key;
    const actorName =
      s.owner.kind === "policy" ? `Policy "${s.owner.name}"` : `Dynamic policy "${s.owner.name}"`;
    return tx
      .transaction(async (sp) => {
        const jobUids: string[] = [];
        if (deviceIds.length === 0) return jobUids;
        const content = await resolveScriptForJob(
          sp,
          { scriptId: s.entry.scriptId, ...(s.entry.runAs ? { runAs: s.entry.runAs } : {}) },
          cache,
        );
        for (let i = 0; i < deviceIds.length; i += NODES_PER_SUBMIT) {
          const inserted = await deps.jobsOn(sp, bus).submit(
            { userId: 0, name: actorName, audit: { actorUserId: null, actorLabel: actorName, ip: null } },
            {
              nodes: deviceIds.slice(i, i + NODES_PER_SUBMIT).map((nodeId) => ({
                nodeId,
                jobs: [{ jobType: "ACTION", jobName: `${s.owner.name}: ${name}`, content }],
              })),
            },
            systemScope,
          );
          jobUids.push(...inserted.map((j) => j.jobUid));
        }
        return jobUids;
      })
      .then(
        (jobUids) => ({ jobUids, error: null }),
        (error: unknown) => {
          deps.logger?.warn(
            { err: error, owner: s.owner.kind, ownerId: s.owner.id, automationKey: s.key },
            "policy automation run failed",
          );
          return { jobUids: [] as string[], error: messageOf(error) };
        },
      );
  }

  async function pass(tx: Db, bus: Bus): Promise<FiredAutomation[]> {
    const now = clock();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('policy_automation_runs'))`);
    const repo = deps.repoOn(tx);
    const dynamic = deps.dynamicOn?.(tx);
    const rows = await repo.all();
    const wanted = scheduledAutomations(rows, dynamic ? await dynamic.enabledPolicies() : []);
    const states = runStates(tx);
    const state = await states.load();
    const keep = new Set(wanted.map(idOf));
    for (const [id, r] of state) if (!keep.has(id)) await states.remove(r.kind, r.ownerId, r.key);

    const due: ScheduledAutomation[] = [];
    for (const s of wanted) {
      const { fresh, due: isDue } = slotCheck(state.get(idOf(s)), slotOf(s), now, unreadable(s));
      if (fresh) await states.start(s.owner, s.key, { ...fresh, lastRunAt: null, lastRunJobCount: null });
      if (isDue) due.push(s);
    }
    if (due.length === 0) return [];

    // Which device runs which automation, resolved once for the pass.
    const list = await repo.approvedDevices();
    const devicesOf = devicesPerAutomation(
      list,
      rows,
      await repo.assignmentsOf(list),
      dynamic ? await dynamic.matchesFor(list) : new Map(),
    );
    const reached = [...new Set(due.flatMap((s) => devicesOf.get(idOf(s)) ?? []))];
    const inMaintenance = await deps.maintenanceOn(tx).devicesInMaintenance(now, reached);

    const fired: FiredAutomation[] = [];
    const cache: ScriptLookupCache = new Map();
    // The scripts each device was sent in this pass (script and account it runs as).
    const sent = new Map<number, Set<string>>();
    for (const s of due) {
      const script = JSON.stringify([s.entry.scriptId, s.entry.runAs ?? null]);
      const all = devicesOf.get(idOf(s)) ?? [];
      const suppressed = all.filter((id) => inMaintenance.get(id)?.automations === true);
      const duplicates: number[] = [];
      const deviceIds: number[] = [];
      for (const id of all) {
        if (inMaintenance.get(id)?.automations === true) continue;
        const scripts = sent.get(id) ?? new Set<string>();
        if (scripts.has(script)) duplicates.push(id);
        else {
          deviceIds.push(id);
          sent.set(id, scripts.add(script));
        }
      }
      const outcome = await submit(tx, bus, s, deviceIds, cache);
      const after = slotAfterRun(state.get(idOf(s)), slotOf(s), now, unreadable(s));
      await states.ran(s.owner, s.key, {
        nextRunAt: after.nextRunAt,
        occurrences: after.occurrences,
        lastRunAt: now,
        lastRunJobCount: outcome.jobUids.length,
      });
      fired.push({
        policyId: s.owner.kind === "policy" ? s.owner.id : null,
        dynamicPolicyId: s.owner.kind === "dynamic" ? s.owner.id : null,
        automationKey: s.key,
        deviceIds,
        suppressedDeviceIds: suppressed,
        duplicateDeviceIds: duplicates,
        ...outcome,
      });
    }
    return fired;
  }

  return {
    /** One pass: fires every automation due now (job-queued events are sent after the commit). */
    async tick(): Promise<FiredAutomation[]> {
      const queued = new Set<number>();
      const bus = new Bus();
      bus.on("jobsQueued", (ids) => ids.forEach((id) => queued.add(id)));
      const fired = await deps.db.transaction((tx) => pass(tx, bus));
      if (queued.size > 0) deps.bus.emit("jobsQueued", [...queued]);
      return fired;
    },
    /** When an automation of a policy runs next (null: not scheduled). */
    async nextRunOf(policyId: number, automationKey: string): Promise<Date | null> {
      const [row] = await deps.db
        .select({ nextRunAt: policyAutomationRuns.nextRunAt })
        .from(policyAutomationRuns)
        .where(
          and(
            eq(policyAutomationRuns.policyId, policyId),
            eq(policyAutomationRuns.automationKey, automationKey),
          ),
        );
      return row?.nextRunAt ?? null;
    },
  };
}

export type PolicyAutomations = ReturnType<typeof createPolicyAutomations>;

/**
 * Runs passes of a scheduled runner (the policies' automations unless `what` names another)
 * every `intervalMs` (default 30 s) until stopped; a failing pass is logged.
 */
export function startPolicyAutomations(
  automations: { tick(): Promise<unknown> },
  options: { intervalMs?: number; logger?: Pick<FastifyBaseLogger, "error">; what?: string } = {},
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const loop = () => {
    running = automations
      .tick()
      .catch((err: unknown) =>
        options.logger?.error({ err }, `${options.what ?? "policy automations"} pass failed`),
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, intervalMs);
        timer.unref();
      });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
