import { useMemo, useState } from "react";
import type { ScheduledTask, ScheduleInput } from "@steward/contracts";
import type { FieldErrors } from "../../../lib/forms";
import {
  defaultScheduleDraft,
  scheduleDraftOf,
  scheduleErrors,
  scheduleOf,
  type ScheduleDraft,
} from "./schedule-draft";

export interface ScheduleDraftState {
  draft: ScheduleDraft;
  setDraft: (draft: ScheduleDraft) => void;
  /** The draft's problems by schedule field (empty when it is a valid schedule). */
  errors: FieldErrors;
  /** The draft as schedule schema 2.0. */
  schedule: ScheduleInput;
}

/** A schedule being edited with the task editor's fields: from a stored schedule, or the defaults. */
export function useScheduleDraft(initial: ScheduledTask["schedule"] | null | undefined): ScheduleDraftState {
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    initial ? scheduleDraftOf(initial) : defaultScheduleDraft(),
  );
  const errors = useMemo(() => scheduleErrors(draft), [draft]);
  return { draft, setDraft, errors, schedule: scheduleOf(draft) };
}
