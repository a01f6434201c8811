import { sharedEn, type AlertResetCause } from "@steward/contracts";
import { followUpsOf, recordTransition, type Condition, type FlapOutcome } from "@steward/domain";
import type { MaintenanceService } from "../maintenance/index.js";
import type { AlertFollowUps, AlertNotice } from "./alerts.followups.js";
import type { AlertRow, AlertsRepository } from "./alerts.repository.js";

/** A condition of a device's current effective policy. */
export interface ConditionFacts {
  key: string;
  condition: Condition;
  policy: { id: number; name: string } | null;
}

export interface TriggerInput {
  at: Date;
  value: number | null;
  detail: string;
  /** Part of a reconnection's snapshot: refreshes an open alert without counting a repeat. */
  snapshot?: boolean;
}

export type TriggerOutcome = "OPENED" | "REPEATED" | "SUPPRESSED";

export interface AlertEngineDeps {
  repo: AlertsRepository;
  maintenance: Pick<MaintenanceService, "devicesInMaintenance">;
  followUps: AlertFollowUps;
  clock: () => Date;
  logger: { warn(obj: unknown, msg: string): void };
  /** Called for each alert that opened or was reset (the console's live updates). */
  onChanged?: (alert: AlertRow) => void;
}

const resetTexts: Record<AlertResetCause, string> = {
  RECOVERED: sharedEn.activity.alertRecovered,
  AUTO_RESET: sharedEn.activity.alertAutoReset,
  TECHNICIAN: sharedEn.activity.alertResetBy,
  CONDITION_REMOVED: sharedEn.activity.alertConditionRemoved,
  DEVICE_REMOVED: sharedEn.activity.alertConditionRemoved,
};

/**
 * Opens, repeats and resets alerts, and runs what follows (flap detection, maintenance,
 * notifications, automations, activities, the device's health). Agent events, the server's own
 * checks, other areas and technicians all go through it.
 *
 * Maintenance: a window that suppresses alerts keeps a trigger from opening an alert at all; one
 * that suppresses notifications or automations lets the alert open (flagged in maintenance when
 * notifications are held back) without them.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { repo, followUps, logger } = deps;
  /** Follow-ups still running (notifications with retries); tests and shutdown wait for them. */
  const running = new Set<Promise<unknown>>();

  function inBackground(work: Promise<unknown>) {
    const p = work.catch((err: unknown) => logger.warn({ err }, "alert follow-up failed"));
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  async function flap(alert: AlertRow, at: Date): Promise<FlapOutcome> {
    const outcome = recordTransition(await repo.flapState(alert.deviceId, alert.conditionKey), at.getTime());
    await repo.saveFlapState(alert.deviceId, alert.organizationId, alert.conditionKey, outcome);
    return outcome;
  }

  async function notifyInBackground(alert: AlertRow, condition: Condition, notice: AlertNotice) {
    if (condition.channelIds.length === 0 && !condition.notifyTechnicians) return;
    const names = await repo.deviceNames(alert.deviceId);
    if (!names) return;
    inBackground(followUps.notify(alert, condition, names, notice));
  }

  return {
    /** Opens the condition's alert on the device, or counts a repeat of the open one. */
    async trigger(
      deviceId: number,
      organizationId: number,
      facts: ConditionFacts,
      input: TriggerInput,
    ): Promise<TriggerOutcome> {
      const { condition } = facts;
      const suppressed = (await deps.maintenance.devicesInMaintenance(deps.clock(), [deviceId])).get(
        deviceId,
      );
      if (suppressed?.alerts && !(await repo.open(deviceId, facts.key))) return "SUPPRESSED";
      const { row, opened } = await repo.trigger({
        organizationId,
        deviceId,
        policyId: facts.policy?.id ?? null,
        conditionKey: facts.key,
        conditionName: condition.name,
        conditionKind: condition.check.kind,
        severity: condition.severity,
        priority: condition.priority,
        healthStatus: condition.healthStatus,
        at: input.at,
        value: input.value,
        detail: input.detail,
        inMaintenance: suppressed?.notifications ?? false,
        autoResetMinutes: condition.autoResetMinutes ?? null,
        countRepeat: !input.snapshot,
      });
      if (!opened) return "REPEATED";
      deps.onChanged?.(row);
      const flapped = await flap(row, input.at);
      if (flapped.flapping) {
        await repo.setFlapping(row.id, true);
        row.flapping = true;
      }
      await repo.refreshHealth(deviceId);
      await followUps.activity(row, "ALERT_TRIGGERED", sharedEn.activity.alertTriggered);
      if (flapped.startedFlapping)
        await followUps.activity(row, "ALERT_TRIGGERED", sharedEn.activity.alertFlapping);
      const next = followUpsOf("OPENED", flapped, suppressed);
      if (next.notify)
        await notifyInBackground(row, condition, flapped.startedFlapping ? "FLAPPING" : "TRIGGERED");
      if (next.automate) inBackground(followUps.automate(row, condition));
      return "OPENED";
    },

    /**
     * Resets an open alert. `condition` (absent when it left the policy) decides who is told;
     * `by` names the technician of a manual reset.
     */
    async reset(
      alert: AlertRow,
      cause: AlertResetCause,
      at: Date,
      condition: Condition | undefined,
      by?: { userId: number; name: string; note: string },
    ): Promise<AlertRow | undefined> {
      const row = await repo.reset(alert.id, {
        cause,
        at,
        byUserId: by?.userId ?? null,
        by: by?.name ?? null,
        note: by?.note ?? "",
      });
      if (!row) return undefined;
      deps.onChanged?.(row);
      // A technician's reset is no change of the condition's state: it does not count as flapping.
      const flapped =
        cause === "TECHNICIAN" || cause === "CONDITION_REMOVED"
          ? { flapping: row.flapping, startedFlapping: false, transitions: [] }
          : await flap(row, at);
      await repo.refreshHealth(row.deviceId);
      await followUps.activity(
        row,
        "ALERT_RESET",
        resetTexts[cause],
        by ? { actor: by.name } : {},
        by?.userId ?? null,
      );
      if (flapped.startedFlapping)
        await followUps.activity(row, "ALERT_RESET", sharedEn.activity.alertFlapping);
      if (!condition) return row;
      const suppressed = (await deps.maintenance.devicesInMaintenance(deps.clock(), [row.deviceId])).get(
        row.deviceId,
      );
      const next = followUpsOf("RESET", flapped, suppressed);
      if (next.notify)
        await notifyInBackground(row, condition, flapped.startedFlapping ? "FLAPPING" : "RESET");
      return row;
    },

    /** Waits for the follow-ups running now (tests; a clean shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type AlertEngine = ReturnType<typeof createAlertEngine>;
