import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  automationEntry,
  nextRun,
  resolveEffective,
  type AutomationEntry,
  type Schedule,
} from "@steward/domain";
import { Bus } from "../../platform/bus.js";
import type { Db } from "../../platform/db/database.js";
import { systemScope } from "../../platform/identity/index.js";
import type { JobsService } from "../jobs/index.js";
import type { MaintenanceService } from "../maintenance/index.js";
import { resolveScriptForJob, type ScriptLookupCache } from "../scripts/index.js";
import { chooseFor, treeOf } from "./policies.effective.js";
import type { PoliciesRepository, PolicyRow } from "./policies.repository.js";
import { policyAutomationRuns } from "./policies.tables.js";

/** Devices per submit call (a policy may reach thousands of devices). */
const NODES_PER_SUBMIT = 1_000;
/** Zone a schedule is read in when the automation names none. */
const DEFAULT_TIME_ZONE = "UTC";

export interface PolicyAutomationsDeps {
  db: Db;
  bus: Bus;
  jobsOn: (db: Db, bus: Bus) => Pick<JobsService, "submit">;
  /** The policies repository on the pass's transaction. */
  repoOn: (db: Db) => Pick<PoliciesRepository, "all" | "approvedDevices" | "assignmentsOf">;
  /** The maintenance windows, read on the pass's transaction. */
  maintenanceOn: (db: Db) => Pick<MaintenanceService, "devicesInMaintenance">;
  clock?: () => Date;
  logger?: Pick<FastifyBaseLogger, "warn" | "error">;
}

/** One automation that came due in a pass, and what it submitted. */
export interface FiredAutomation {
  policyId: number;
  automationKey: string;
  deviceIds: number[];
  jobUids: string[];
  /** Devices left out because a maintenance window suppresses automations on them. */
  suppressedDeviceIds: number[];
  error: string | null;
}

interface Scheduled {
  policy: PolicyRow;
  key: string;
  entry: AutomationEntry & { schedule: Schedule };
  timeZone: string;
  scheduleKey: string;
}

/** The enabled, scheduled automations each enabled policy has (its own and inherited ones). */
function scheduledAutomations(rows: readonly PolicyRow[]): Scheduled[] {
  const tree = treeOf(rows);
  const found: Scheduled[] = [];
  for (const policy of rows) {
    if (!policy.enabled) continue;
    const items = resolveEffective(policy.id, tree).automations ?? {};
    for (const [key, item] of Object.entries(items)) {
      const parsed = automationEntry.safeParse(item.value);
      if (!parsed.success || !parsed.data.enabled || !parsed.data.schedule) continue;
      const timeZone = parsed.data.timeZone ?? DEFAULT_TIME_ZONE;
      const schedule = parsed.data.schedule as Schedule;
      found.push({
        policy,
        key,
        entry: { ...parsed.data, schedule },
        timeZone,
        scheduleKey: JSON.stringify([schedule, timeZone]),
      });
    }
  }
  return found;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the scheduled automations of policies through the job engine: each pass, an automation
 * that is due submits one ACTION job running its library script on every approved device whose
 * effective policy is the automation's policy, except devices a maintenance window suppressing
 * automations covers. A disabled policy runs nothing. A new or rescheduled automation starts from
 * its next occurrence; runs missed while no server was up are coalesced into one. Passes are
 * serialized across server nodes by a transaction-scoped advisory lock.
 */
export function createPolicyAutomations(deps: PolicyAutomationsDeps) {
  const clock = deps.clock ?? (() => new Date());

  function next(s: Scheduled, after: Date, occurrences: number): Date | null {
    try {
      return nextRun(s.entry.schedule, s.timeZone, after, occurrences);
    } catch (error) {
      deps.logger?.error(
        { err: error, policyId: s.policy.id, automationKey: s.key },
        "policy automation has an unreadable schedule",
      );
      return null;
    }
  }

  async function pass(tx: Db, bus: Bus): Promise<FiredAutomation[]> {
    const now = clock();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('policy_automation_runs'))`);
    const repo = deps.repoOn(tx);
    const rows = await repo.all();
    const wanted = scheduledAutomations(rows);
    const state = new Map(
      (await tx.select().from(policyAutomationRuns)).map((r) => [`${r.policyId}:${r.automationKey}`, r]),
    );
    const keep = new Set(wanted.map((s) => `${s.policy.id}:${s.key}`));
    for (const [id, r] of state)
      if (!keep.has(id))
        await tx
          .delete(policyAutomationRuns)
          .where(
            sql`${policyAutomationRuns.policyId} = ${r.policyId} and ${policyAutomationRuns.automationKey} = ${r.automationKey}`,
          );

    const due: Scheduled[] = [];
    for (const s of wanted) {
      const r = state.get(`${s.policy.id}:${s.key}`);
      if (!r || r.scheduleKey !== s.scheduleKey) {
        const values = {
          scheduleKey: s.scheduleKey,
          nextRunAt: next(s, now, 0),
          occurrences: 0,
          lastRunAt: null,
          lastRunJobCount: null,
        };
        await tx
          .insert(policyAutomationRuns)
          .values({ policyId: s.policy.id, automationKey: s.key, ...values })
          .onConflictDoUpdate({
            target: [policyAutomationRuns.policyId, policyAutomationRuns.automationKey],
            set: values,
          });
        // "Run once immediately" is due at once.
        if (values.nextRunAt !== null && values.nextRunAt <= now) due.push(s);
      } else if (r.nextRunAt !== null && r.nextRunAt <= now) due.push(s);
    }
    if (due.length === 0) return [];

    // Which device has which policy, resolved once for the pass.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const list = await repo.approvedDevices();
    const assignments = await repo.assignmentsOf(list);
    const devicesOf = new Map<number, number[]>();
    for (const device of list) {
      const policy = chooseFor(device, byId, assignments).policy;
      if (policy) devicesOf.set(policy.id, [...(devicesOf.get(policy.id) ?? []), device.id]);
    }
    const reached = [...new Set(due.flatMap((s) => devicesOf.get(s.policy.id) ?? []))];
    const inMaintenance = await deps.maintenanceOn(tx).devicesInMaintenance(now, reached);

    const fired: FiredAutomation[] = [];
    const cache: ScriptLookupCache = new Map();
    for (const s of due) {
      const all = devicesOf.get(s.policy.id) ?? [];
      const suppressed = all.filter((id) => inMaintenance.get(id)?.automations === true);
      const deviceIds = all.filter((id) => inMaintenance.get(id)?.automations !== true);
      const name = s.entry.name?.trim() || s.key;
      const actorName = `Policy "${s.policy.name}"`;
      const outcome = await tx
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
              {
                userId: 0,
                name: actorName,
                audit: { actorUserId: null, actorLabel: actorName, ip: null },
              },
              {
                nodes: deviceIds.slice(i, i + NODES_PER_SUBMIT).map((nodeId) => ({
                  nodeId,
                  jobs: [{ jobType: "ACTION", jobName: `${s.policy.name}: ${name}`, content }],
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
              { err: error, policyId: s.policy.id, automationKey: s.key },
              "policy automation run failed",
            );
            return { jobUids: [] as string[], error: messageOf(error) };
          },
        );
      const r = state.get(`${s.policy.id}:${s.key}`);
      const occurrences = (r && r.scheduleKey === s.scheduleKey ? r.occurrences : 0) + 1;
      await tx
        .update(policyAutomationRuns)
        .set({
          nextRunAt: next(s, now, occurrences),
          occurrences,
          lastRunAt: now,
          lastRunJobCount: outcome.jobUids.length,
        })
        .where(
          sql`${policyAutomationRuns.policyId} = ${s.policy.id} and ${policyAutomationRuns.automationKey} = ${s.key}`,
        );
      fired.push({
        policyId: s.policy.id,
        automationKey: s.key,
        deviceIds,
        suppressedDeviceIds: suppressed,
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

/** Runs passes every `intervalMs` (default 30 s) until stopped; a failing pass is logged. */
export function startPolicyAutomations(
  automations: Pick<PolicyAutomations, "tick">,
  options: { intervalMs?: number; logger?: Pick<FastifyBaseLogger, "error"> } = {},
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const loop = () => {
    running = automations
      .tick()
      .catch((err: unknown) => options.logger?.error({ err }, "policy automations pass failed"))
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
