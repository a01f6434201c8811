import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { agent as proto } from "@steward/contracts";
import { isAgentEvaluated, type ConditionCheck, type MergedSections } from "@steward/domain";
import type { SendCommand, ServerCommandHandler } from "../agents/index.js";
import { scriptForJob, type ScriptForJob } from "../scripts/index.js";
import {
  chooseFor,
  deviceVersion,
  mergedFor,
  treeOf,
  type DynamicMatcher,
  type MatchedDynamic,
} from "./policies.effective.js";
import type { DeviceFacts, PoliciesRepository, PolicyRow } from "./policies.repository.js";

/** What a device applies, as compared between the server and the agent's acknowledgement. */
const keyOf = (a: { policyId: number | null; version: number | null; enforced: boolean }) =>
  `${a.policyId ?? "-"}:${a.version ?? "-"}:${a.enforced ? 1 : 0}`;

/** What nothing applied looks like (no policy, not enforced): never sent to an agent that has nothing. */
const NOTHING = keyOf({ policyId: null, version: null, enforced: false });

export interface PolicyDeliveryDeps {
  repo: PoliciesRepository;
  logger?: Pick<FastifyBaseLogger, "error" | "warn">;
  /**
   * Seconds between checks of every connected device. Changes made outside the policies
   * module (a device's role, location or operating system) reach the agent by this check.
   */
  sweepSeconds?: number;
  /** The dynamic policies devices match, merged on their policy (none when not given). */
  dynamic?: DynamicMatcher;
  /** Reads a library script a script-result condition runs (default: the script library). */
  scriptFor?: (id: number) => Promise<ScriptForJob | undefined>;
}

/** The conditions a policy hands its agent, with the scripts they run. */
interface AgentConditions {
  conditions: proto.AppliedCondition[];
  scripts: proto.AppliedScript[];
}

/** Script ids a check runs (a script-result check, or one inside a compound check). */
function scriptIdsOf(check: ConditionCheck): number[] {
  if (check.kind === "scriptResult") return [check.scriptId];
  if (check.kind === "compound") return check.parts.flatMap(scriptIdsOf);
  return [];
}

const DEFAULT_SWEEP_SECONDS = 120;
/** Devices compared per query (assignments and acknowledgements are read for a batch at once). */
const BATCH = 1000;

/**
 * Delivers each device's effective policy to its agent as an `apply-policy` command, only when
 * what the device should apply (policy, version, enforced) differs from what its agent last
 * acknowledged: after any change to policies or assignments (`policiesChanged` on the bus) for
 * every connected device, when an agent connects for that device, and every few minutes for
 * changes made elsewhere (a device's role, location or operating system). An agent's
 * acknowledgement is recorded as the device's last applied policy.
 */
export function createPolicyDelivery({
  repo,
  logger,
  sweepSeconds = DEFAULT_SWEEP_SECONDS,
  dynamic,
  scriptFor = (id) => scriptForJob(repo.db, id),
}: PolicyDeliveryDeps) {
  /** Sent on this node and not acknowledged yet: device → key (cleared when the agent reconnects). */
  const pending = new Map<number, string>();
  let chain: Promise<void> = Promise.resolve();
  let wholeFleetQueued = false;
  /** The agent side's sender, once it attached (no agent side: nothing to deliver). */
  let sender: SendCommand<proto.ApplyPolicyPayload> | undefined;

  async function deliver(deviceIds: readonly number[] | null, send: SendCommand<proto.ApplyPolicyPayload>) {
    if (deviceIds?.length === 0) return;
    const rows = await repo.all();
    if (deviceIds === null) {
      const list = await repo.devicesForDelivery(null);
      for (let i = 0; i < list.length; i += BATCH) await deliverTo(list.slice(i, i + BATCH), rows, send);
      return;
    }
    for (let i = 0; i < deviceIds.length; i += BATCH)
      await deliverTo(await repo.devicesForDelivery(deviceIds.slice(i, i + BATCH)), rows, send);
  }

  async function deliverTo(
    list: DeviceFacts[],
    rows: PolicyRow[],
    send: SendCommand<proto.ApplyPolicyPayload>,
  ) {
    if (list.length === 0) return;
    const tree = treeOf(rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [assignments, states] = await Promise.all([
      repo.assignmentsOf(list),
      repo.appliedStates(list.map((d) => d.id)),
    ]);
    const applied = new Map(states.map((s) => [s.deviceId, keyOf(s)]));
    // The dynamic policies each device matches now, merged on its policy once per combination.
    const matches = dynamic ? await dynamic.matchesFor(list) : new Map<number, MatchedDynamic[]>();
    const combination = (policyId: number, matched: readonly MatchedDynamic[]) =>
      [policyId, ...matched.map((d) => d.id)].join(":");
    const mergedCache = new Map<string, MergedSections>();
    const valuesOf = (policyId: number, matched: readonly MatchedDynamic[]): MergedSections => {
      const key = combination(policyId, matched);
      let found = mergedCache.get(key);
      if (!found) {
        found = mergedFor(policyId, tree, matched);
        mergedCache.set(key, found);
      }
      return found;
    };
    // Resolved once per policy: a batch has many devices and few policies.
    const settingsCache = new Map<string, proto.AppliedAgentSettings>();
    const settingsOf = (policyId: number, matched: readonly MatchedDynamic[]): proto.AppliedAgentSettings => {
      let settings = settingsCache.get(combination(policyId, matched));
      if (!settings) {
        const values = valuesOf(policyId, matched).agentSettings ?? {};
        const checked = proto.appliedAgentSettings.safeParse(
          Object.fromEntries(Object.entries(values).map(([item, e]) => [item, e.value])),
        );
        if (!checked.success)
          logger?.warn({ policyId }, "policy agent settings out of bounds; defaults sent");
        settings = checked.success ? checked.data : {};
        settingsCache.set(combination(policyId, matched), settings);
      }
      return settings;
    };
    // The agent evaluates the enabled conditions of kinds it can evaluate; the rest are the
    // server's. Resolved once per policy, like the settings.
    const conditionsCache = new Map<string, Promise<AgentConditions>>();
    const conditionsOf = (policyId: number, matched: readonly MatchedDynamic[]): Promise<AgentConditions> => {
      let found = conditionsCache.get(combination(policyId, matched));
      if (!found) {
        found = agentConditions(policyId, valuesOf(policyId, matched).conditions ?? {});
        conditionsCache.set(combination(policyId, matched), found);
      }
      return found;
    };
    for (const device of list) {
      const policy = chooseFor(device, byId, assignments).policy;
      const matched = policy ? (matches.get(device.id) ?? []) : [];
      const enforced = policy?.enabled ?? false;
      const payload: proto.ApplyPolicyPayload = {
        policyId: policy?.id ?? null,
        version: policy ? deviceVersion(policy, matched) : null,
        enforced,
        agentSettings: {},
        conditions: [],
        scripts: [],
      };
      const key = keyOf(payload);
      if (key === (applied.get(device.id) ?? NOTHING) || key === pending.get(device.id)) continue;
      if (policy && enforced) {
        payload.agentSettings = settingsOf(policy.id, matched);
        Object.assign(payload, await conditionsOf(policy.id, matched));
      }
      const sent = send({ deviceId: device.id, jobUid: `policy-${randomUUID()}`, attempt: 1 }, payload);
      if (sent) pending.set(device.id, key);
    }
  }

  async function agentConditions(
    policyId: number,
    items: Record<string, { value: unknown }>,
  ): Promise<AgentConditions> {
    const conditions: proto.AppliedCondition[] = [];
    for (const key of Object.keys(items).sort()) {
      const checked = proto.appliedCondition.safeParse({ key, condition: items[key]!.value });
      if (!checked.success) {
        logger?.warn({ policyId, key }, "policy condition does not parse; not sent to agents");
        continue;
      }
      const { condition } = checked.data;
      if (condition.enabled && isAgentEvaluated(condition.check)) conditions.push(checked.data);
    }
    const scripts: proto.AppliedScript[] = [];
    const ids = [...new Set(conditions.flatMap((c) => scriptIdsOf(c.condition.check)))].sort((a, b) => a - b);
    for (const id of ids) {
      const row = await scriptFor(id);
      const script = row && proto.appliedScript.safeParse(row);
      // A deleted script (or one the agent cannot run) leaves its condition without a script:
      // the agent reports that check as failing and never triggers it.
      if (script?.success) scripts.push(script.data);
      else logger?.warn({ policyId, scriptId: id }, "script of a condition not available; not sent");
    }
    return { conditions: conditions.slice(0, proto.MAX_APPLIED_CONDITIONS), scripts };
  }

  /** Agents that connected and wait for one pass together (a fleet reconnecting is a few passes). */
  const ready = new Set<number>();
  let readyQueued = false;

  /**
   * Deliveries run one after another: a later change is compared with what an earlier one sent.
   * whole: every connected device; otherwise the agents that connected since the last pass.
   */
  function queue(whole: boolean, send: SendCommand<proto.ApplyPolicyPayload>) {
    if (whole ? wholeFleetQueued : readyQueued) return chain;
    if (whole) wholeFleetQueued = true;
    else readyQueued = true;
    chain = chain
      .then(() => {
        if (whole) {
          wholeFleetQueued = false;
          return deliver(null, send);
        }
        readyQueued = false;
        const ids = [...ready];
        ready.clear();
        return deliver(ids, send);
      })
      .catch((err: unknown) => logger?.error({ err }, "policy delivery failed"));
    return chain;
  }

  const handler: ServerCommandHandler<typeof proto.applyPolicyCommand> = {
    contract: proto.applyPolicyCommand,
    attach: ({ bus, send }) => {
      sender = send;
      const off = bus.on("policiesChanged", () => void queue(true, send));
      const sweep = setInterval(() => void queue(true, send), sweepSeconds * 1000);
      sweep.unref();
      return () => {
        off();
        clearInterval(sweep);
        sender = undefined;
      };
    },
    onAgentReady: (deviceId, send) => {
      // A new connection may have lost what was sent on the old one.
      pending.delete(deviceId);
      ready.add(deviceId);
      void queue(false, send);
    },
    async onResult(deviceId, result, data) {
      if (result.outcome !== "SUCCESS" || !data) {
        pending.delete(deviceId);
        logger?.warn({ deviceId, error: result.errorMessage }, "agent could not apply its policy");
        return true;
      }
      await repo.recordApplied(deviceId, { ...data, appliedAt: new Date() });
      if (pending.get(deviceId) === keyOf(data)) pending.delete(deviceId);
      return true;
    },
  };

  return {
    handler: handler as unknown as ServerCommandHandler,
    /** Checks every connected device now (what the periodic sweep does). */
    reconcile: () => (sender ? queue(true, sender) : Promise.resolve()),
    /** Resolves once the deliveries queued so far are sent (tests). */
    idle: () => chain,
  };
}

export type PolicyDelivery = ReturnType<typeof createPolicyDelivery>;
