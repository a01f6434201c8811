import {
  FLAP_WINDOW_MS,
  agentDownTriggered,
  customFieldTriggered,
  type Condition,
  type ConditionCheck,
} from "@steward/domain";
import type { DeviceConditions } from "../policies/index.js";
import type { AlertEngine } from "./alerts.engine.js";
import type { AlertRow, AlertsRepository } from "./alerts.repository.js";

/** Kinds other areas raise through `raiseConditionEvent`. */
export type RaisedKind = "patchFailures" | "backupFailures";

export interface ChecksDeps {
  repo: AlertsRepository;
  engine: AlertEngine;
  conditionsOfDevices(deviceIds: readonly number[]): Promise<Map<number, DeviceConditions>>;
  clock: () => Date;
}

/** Devices evaluated per batch by the periodic checks. */
const BATCH = 1000;

type Found = { key: string; condition: Condition; device: DeviceConditions };

function ofKind<K extends ConditionCheck["kind"]>(device: DeviceConditions | undefined, kind: K): Found[] {
  if (!device) return [];
  const out: Found[] = [];
  for (const [key, condition] of device.conditions)
    if (condition.check.kind === kind) out.push({ key, condition, device });
  return out;
}

const policyOf = (d: DeviceConditions) => (d.policy ? { id: d.policy.id, name: d.policy.name } : null);

/**
 * What the server evaluates itself, on timers that read only stored state (so they hold across a
 * restart): agent down from presence, custom-field values, auto-reset of open alerts, the end of
 * flapping; and the path other areas (patching, backup) raise their failures through.
 */
export function createServerChecks(deps: ChecksDeps) {
  const { repo, engine } = deps;

  /**
   * Resets open alerts of a server kind whose condition is gone or no longer triggered (only
   * those of `onlyDevices` when given: the others were not evaluated).
   */
  async function settleOpen(
    kind: ConditionCheck["kind"],
    triggeredNow: Set<string>,
    current: Map<number, DeviceConditions>,
    onlyDevices?: ReadonlySet<number>,
  ) {
    const now = deps.clock();
    for (const alert of await repo.openOfKind(kind)) {
      if (onlyDevices && !onlyDevices.has(alert.deviceId)) continue;
      if (triggeredNow.has(`${alert.deviceId}:${alert.conditionKey}`)) continue;
      const condition = current.get(alert.deviceId)?.conditions.get(alert.conditionKey);
      const cause = condition?.check.kind === kind ? "RECOVERED" : "CONDITION_REMOVED";
      await engine.reset(alert, cause, now, condition);
    }
  }

  return {
    /**
     * Agent down: a device DOWN for at least a condition's minutes triggers it; a device back up
     * (or a condition gone) resets it. Reads presence as stored, so downtime across a restart counts.
     */
    async agentDown(): Promise<void> {
      const now = deps.clock();
      const down = await repo.devicesDownSince(new Date(now.getTime() - 60_000));
      const open = await repo.openOfKind("agentDown");
      const ids = [...new Set([...down.map((d) => d.id), ...open.map((a) => a.deviceId)])];
      const presence = await repo.presence(ids);
      const current = new Map<number, DeviceConditions>();
      const triggered = new Set<string>();
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = await deps.conditionsOfDevices(ids.slice(i, i + BATCH));
        for (const [id, d] of batch) current.set(id, d);
      }
      for (const id of ids) {
        const state = presence.get(id);
        if (state?.status !== "DOWN") continue;
        for (const found of ofKind(current.get(id), "agentDown")) {
          const check = found.condition.check as Extract<ConditionCheck, { kind: "agentDown" }>;
          if (!agentDownTriggered(state.since.getTime(), check.minutes, now.getTime())) continue;
          triggered.add(`${id}:${found.key}`);
          if (await repo.open(id, found.key)) continue;
          const minutes = Math.floor((now.getTime() - state.since.getTime()) / 60_000);
          await engine.trigger(
            id,
            found.device.organizationId,
            { key: found.key, condition: found.condition, policy: policyOf(found.device) },
            { at: now, value: minutes, detail: `Agent offline for ${minutes} minutes` },
          );
        }
      }
      await settleOpen("agentDown", triggered, current);
    },

    /**
     * Custom-field conditions over every approved device (values as the grid reads them), or
     * over the given devices only (their values just changed).
     */
    async customFields(deviceIds?: readonly number[]): Promise<void> {
      const now = deps.clock();
      const triggered = new Set<string>();
      const current = new Map<number, DeviceConditions>();
      const only = deviceIds ? new Set(deviceIds) : undefined;
      let after = 0;
      let given = deviceIds ? [...new Set(deviceIds)].sort((a, b) => a - b) : undefined;
      for (;;) {
        let ids: number[];
        if (given) {
          ids = given.slice(0, BATCH);
          given = given.slice(BATCH);
        } else ids = await repo.approvedDeviceIds(after, BATCH);
        if (ids.length === 0) break;
        after = ids[ids.length - 1]!;
        const batch = await deps.conditionsOfDevices(ids);
        const withFields = [...batch.values()].filter((d) => ofKind(d, "customField").length > 0);
        for (const d of withFields) current.set(d.deviceId, d);
        if (withFields.length === 0) continue;
        const values = await repo.fieldValues(withFields.map((d) => d.deviceId));
        for (const d of withFields) {
          for (const found of ofKind(d, "customField")) {
            const check = found.condition.check as Extract<ConditionCheck, { kind: "customField" }>;
            const value = values.get(d.deviceId)?.get(check.field.toLowerCase()) ?? null;
            if (!customFieldTriggered(check, value)) continue;
            triggered.add(`${d.deviceId}:${found.key}`);
            if (await repo.open(d.deviceId, found.key)) continue;
            await engine.trigger(
              d.deviceId,
              d.organizationId,
              { key: found.key, condition: found.condition, policy: policyOf(d) },
              { at: now, value: null, detail: `${check.field}: ${value ?? "(empty)"}`.slice(0, 500) },
            );
          }
        }
      }
      // Devices not read above (gone, unapproved) have no current conditions: their alerts close.
      const open = await repo.openOfKind("customField");
      const missing = open.map((a) => a.deviceId).filter((id) => !current.has(id) && (!only || only.has(id)));
      if (missing.length > 0)
        for (const [id, d] of await deps.conditionsOfDevices(missing)) current.set(id, d);
      await settleOpen("customField", triggered, current, only);
    },

    /** Open alerts not seen again within their condition's auto-reset minutes reset by themselves. */
    async autoReset(): Promise<number> {
      const now = deps.clock();
      const due = await repo.dueForAutoReset(now);
      if (due.length === 0) return 0;
      const current = await deps.conditionsOfDevices([...new Set(due.map((a) => a.deviceId))]);
      for (const alert of due)
        await engine.reset(
          alert,
          "AUTO_RESET",
          now,
          current.get(alert.deviceId)?.conditions.get(alert.conditionKey),
        );
      return due.length;
    },

    /** Conditions stable for a whole flap window stop flapping. */
    async endFlapping(): Promise<void> {
      await repo.endFlapping(new Date(deps.clock().getTime() - FLAP_WINDOW_MS));
    },

    /**
     * For the patching and backup areas: `failures` failed runs now on the device. Every condition
     * of that kind in the device's policy triggers when the count reaches its own, and resets
     * when it falls below.
     */
    async raise(deviceId: number, kind: RaisedKind, failures: number, detail: string): Promise<void> {
      const now = deps.clock();
      const device = (await deps.conditionsOfDevices([deviceId])).get(deviceId);
      for (const found of ofKind(device, kind)) {
        const check = found.condition.check as Extract<ConditionCheck, { kind: RaisedKind }>;
        const open: AlertRow | undefined = await repo.open(deviceId, found.key);
        if (failures >= check.count)
          await engine.trigger(
            deviceId,
            found.device.organizationId,
            { key: found.key, condition: found.condition, policy: policyOf(found.device) },
            { at: now, value: failures, detail: detail.slice(0, 500) },
          );
        else if (open) await engine.reset(open, "RECOVERED", now, found.condition);
      }
    },
  };
}

export type ServerChecks = ReturnType<typeof createServerChecks>;
