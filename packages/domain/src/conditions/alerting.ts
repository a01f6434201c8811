import type { ConditionCheck, HealthStatus } from "./model.js";
import { healthRank } from "./model.js";

/**
 * Rules that turn condition events into alerts and their follow-ups: flap detection, the device's
 * health, what a maintenance window holds back, times placed on the server's clock, and the
 * checks the server evaluates itself.
 */

/** A condition that changed state more than this many times inside the window is flapping. */
export const FLAP_MAX_TRANSITIONS = 5;
/** The flap window: transitions are counted over it, and flapping ends after this long without one. */
export const FLAP_WINDOW_MS = 30 * 60 * 1000;

/** What the flap rule remembers of one condition on one device. */
export interface FlapState {
  /** Times (ms) of the triggers and resets inside the window, oldest first. */
  transitions: readonly number[];
  flapping: boolean;
}

export interface FlapOutcome extends FlapState {
  /** This transition made it flapping (the one moment it is notified). */
  startedFlapping: boolean;
}

/**
 * Records a trigger or reset at `at`. A condition that was flapping stays so while its changes
 * keep coming within the window of each other; one that has been stable for a whole window starts
 * afresh.
 */
export function recordTransition(state: FlapState | undefined, at: number): FlapOutcome {
  const previous = state?.transitions ?? [];
  const last = previous.length > 0 ? previous[previous.length - 1]! : undefined;
  const settled = last === undefined || at - last >= FLAP_WINDOW_MS;
  const stillFlapping = (state?.flapping ?? false) && !settled;
  const transitions = [...previous.filter((t) => t > at - FLAP_WINDOW_MS && t <= at), at];
  const flapping = stillFlapping || transitions.length > FLAP_MAX_TRANSITIONS;
  return { transitions, flapping, startedFlapping: flapping && !stillFlapping };
}

/** Whether a flapping condition has now been stable for a whole window. */
export function flappingOver(lastTransitionAt: number, now: number): boolean {
  return now - lastTransitionAt >= FLAP_WINDOW_MS;
}

/** The device's health: the worst of its open alerts' health statuses, HEALTHY when none. */
export function worstHealth(statuses: Iterable<HealthStatus>): HealthStatus {
  let worst: HealthStatus = "HEALTHY";
  for (const s of statuses) if (healthRank[s] < healthRank[worst]) worst = s;
  return worst;
}

/** What maintenance windows covering a device hold back now. */
export interface Suppression {
  alerts: boolean;
  notifications: boolean;
  automations: boolean;
}

export type AlertStep = "OPENED" | "REPEATED" | "RESET";

export interface FollowUps {
  /** Whether the condition's channels (and the technicians) are told. */
  notify: boolean;
  /** Whether the condition's automation scripts run on the device. */
  automate: boolean;
}

/**
 * Which follow-ups a step of an alert gets. Only an alert that opens runs automations, and only
 * an opening or a reset notifies (a repeat never does). A flapping condition notifies once, when
 * it starts flapping, and is quiet after that. Maintenance holds back what its window suppresses.
 */
export function followUpsOf(
  step: AlertStep,
  flap: { flapping: boolean; startedFlapping: boolean },
  suppressed: Suppression | undefined,
): FollowUps {
  if (step === "REPEATED") return { notify: false, automate: false };
  const quietFlapping = flap.flapping && !flap.startedFlapping;
  return {
    notify: !quietFlapping && !suppressed?.notifications,
    automate: step === "OPENED" && !quietFlapping && !suppressed?.automations,
  };
}

/** Agent clocks further apart from the server's than this are corrected. */
export const CLOCK_SKEW_TOLERANCE_MS = 5_000;
/**
 * An agent's time placed on the server's clock: moved by the difference between the message's
 * send time and the server's receipt when the clocks differ, never in the future.
 */
export function toServerTime(at: number, sentAt: number, now: number): number {
  const skew = now - sentAt;
  const shifted = Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? at + skew : at;
  return Math.min(shifted, now);
}

type CustomFieldCheck = Extract<ConditionCheck, { kind: "customField" }>;

/** Whether a device's custom field value (null: not set) makes a customField condition trigger. */
export function customFieldTriggered(check: CustomFieldCheck, value: string | null): boolean {
  const text = (value ?? "").trim();
  const wanted = check.value.trim().toLowerCase();
  switch (check.operator) {
    case "EQ":
      return text.toLowerCase() === wanted;
    case "NE":
      return text.toLowerCase() !== wanted;
    case "CONTAINS":
      return wanted !== "" && text.toLowerCase().includes(wanted);
    case "EMPTY":
      return text === "";
    case "NOT_EMPTY":
      return text !== "";
  }
}

/** Whether a device that has been DOWN since `downSince` has been down long enough to trigger. */
export function agentDownTriggered(downSince: number, minutes: number, now: number): boolean {
  return now - downSince >= minutes * 60_000;
}
