import { nextRun, type Schedule } from "@steward/domain";

/** Zone a schedule is read in when its owner names none. */
export const DEFAULT_SCHEDULE_TIME_ZONE = "UTC";

/** A schedule as a runner keeps it: the key changes when the schedule or its zone does. */
export interface SlotSchedule {
  schedule: Schedule;
  timeZone: string;
  scheduleKey: string;
}

/** Where a schedule stands: the schedule it was computed from, its next slot, the slots run so far. */
export interface SlotState {
  scheduleKey: string;
  nextRunAt: Date | null;
  occurrences: number;
}

/** The key a schedule read in a zone is kept under. */
export const scheduleKeyOf = (schedule: Schedule, timeZone: string) => JSON.stringify([schedule, timeZone]);

/** The next slot after `after`; an unreadable schedule has none (and is reported). */
function nextSlot(s: SlotSchedule, after: Date, occurrences: number, onUnreadable: (error: unknown) => void) {
  try {
    return nextRun(s.schedule, s.timeZone, after, occurrences);
  } catch (error) {
    onUnreadable(error);
    return null;
  }
}

/**
 * The slot rule every scheduled runner follows. A new or changed schedule starts over from its
 * next occurrence after now (`fresh` is the state to store; "run once immediately" is due at
 * once); a known one is due when its next slot has come.
 */
export function slotCheck(
  stored: SlotState | undefined,
  s: SlotSchedule,
  now: Date,
  onUnreadable: (error: unknown) => void,
): { fresh: SlotState | null; due: boolean } {
  if (!stored || stored.scheduleKey !== s.scheduleKey) {
    const fresh = {
      scheduleKey: s.scheduleKey,
      nextRunAt: nextSlot(s, now, 0, onUnreadable),
      occurrences: 0,
    };
    return { fresh, due: fresh.nextRunAt !== null && fresh.nextRunAt <= now };
  }
  return { fresh: null, due: stored.nextRunAt !== null && stored.nextRunAt <= now };
}

/**
 * The state after a slot ran at `now`: the next slot follows now, so slots missed while no server
 * was up are coalesced into the one run.
 */
export function slotAfterRun(
  stored: SlotState | undefined,
  s: SlotSchedule,
  now: Date,
  onUnreadable: (error: unknown) => void,
): SlotState {
  const occurrences = (stored && stored.scheduleKey === s.scheduleKey ? stored.occurrences : 0) + 1;
  return { scheduleKey: s.scheduleKey, nextRunAt: nextSlot(s, now, occurrences, onUnreadable), occurrences };
}
