import type { SaveScheduledTaskRequest, ScheduledTask } from "@steward/contracts";
import { messages } from "@steward/domain";
import type { FieldErrors } from "../../../lib/forms";
import {
  defaultScheduleDraft,
  scheduleDraftOf,
  scheduleErrors,
  scheduleOf,
  type ScheduleDraft,
} from "./schedule-draft";
import type { TaskAction } from "./TaskActionPicker";
import type { Targets } from "./TargetsPicker";

export interface TaskDraft {
  name: string;
  description: string;
  enabled: boolean;
  targets: Targets;
  action: TaskAction;
  schedule: ScheduleDraft;
  timeZone: string;
}

export function newTaskDraft(timeZone: string): TaskDraft {
  return {
    name: "",
    description: "",
    enabled: true,
    targets: { deviceIds: [], groupIds: [], organizationIds: [] },
    action: { scriptId: null, presetName: null, runAs: "System", timeoutSeconds: "", values: {} },
    schedule: defaultScheduleDraft(),
    timeZone,
  };
}

export function taskDraftOf(task: ScheduledTask): TaskDraft {
  return {
    name: task.name,
    description: task.description,
    enabled: task.enabled,
    targets: { ...task.targets },
    action: {
      scriptId: task.action.scriptId ?? null,
      presetName: task.action.presetName ?? null,
      runAs: task.action.runAs,
      timeoutSeconds: task.action.timeoutSeconds ?? "",
      values: Object.fromEntries(task.action.parameters.map((p) => [p.name, p.value])),
    },
    schedule: scheduleDraftOf(task.schedule),
    timeZone: task.timeZone,
  };
}

export const TARGETS_REQUIRED = "Choose at least one device, group or organization";

/** Problems the editor shows before sending (the server checks the same and more). */
export function taskDraftErrors(draft: TaskDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = messages.mandatory;
  const t = draft.targets;
  if (t.deviceIds.length + t.groupIds.length + t.organizationIds.length === 0)
    errors.targets = TARGETS_REQUIRED;
  if (draft.action.scriptId === null) errors["action.script"] = messages.mandatory;
  const timeout = draft.action.timeoutSeconds;
  if (timeout !== "" && (!Number.isInteger(Number(timeout)) || Number(timeout) < 1)) {
    errors["action.timeoutSeconds"] = messages.numeric.greaterOrEqual(1);
  } else if (timeout !== "" && Number(timeout) > 86_400) {
    errors["action.timeoutSeconds"] = messages.numeric.lessOrEqual(86_400);
  }
  for (const [key, message] of Object.entries(scheduleErrors(draft.schedule)))
    errors[`schedule.${key}`] = message;
  return errors;
}

export function requestOfTask(draft: TaskDraft): SaveScheduledTaskRequest {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    enabled: draft.enabled,
    targets: draft.targets,
    action: {
      scriptId: draft.action.scriptId ?? undefined,
      parameters: Object.entries(draft.action.values).map(([name, value]) => ({ name, value })),
      runAs: draft.action.runAs,
      ...(draft.action.presetName ? { presetName: draft.action.presetName } : {}),
      ...(draft.action.timeoutSeconds !== "" ? { timeoutSeconds: Number(draft.action.timeoutSeconds) } : {}),
    },
    schedule: scheduleOf(draft.schedule),
    timeZone: draft.timeZone,
  };
}
