import { z } from "zod";
import type { SaveScheduledTaskRequest, ScheduledTask, ScriptDetail } from "@steward/contracts";
import { initialParameterValues, messages, parameterValueErrors } from "@steward/domain";
import { translate } from "../../../i18n";
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

// A type, not an interface: the editor's form holds it as a plain record of fields.
export type TaskDraft = {
  name: string;
  description: string;
  enabled: boolean;
  targets: Targets;
  action: TaskAction;
  schedule: ScheduleDraft;
  timeZone: string;
};

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

/** What the editor needs of the chosen script to check its parameter values. */
export type TaskScript = Pick<ScriptDetail, "parameters" | "presets">;

/**
 * Problems the editor shows before sending (the server checks the same and more), keyed by
 * field path ("name", "targets", "action.<parameter>", "schedule.<field>").
 */
export function taskDraftErrors(draft: TaskDraft, script?: TaskScript): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = messages.mandatory;
  const t = draft.targets;
  if (t.deviceIds.length + t.groupIds.length + t.organizationIds.length === 0)
    errors.targets = translate("scheduledTasks.editor.targetsRequired");
  if (draft.action.scriptId === null) errors["action.script"] = messages.mandatory;
  const timeout = draft.action.timeoutSeconds;
  if (timeout !== "" && (!Number.isInteger(Number(timeout)) || Number(timeout) < 1)) {
    errors["action.timeoutSeconds"] = messages.numeric.greaterOrEqual(1);
  } else if (timeout !== "" && Number(timeout) > 86_400) {
    errors["action.timeoutSeconds"] = messages.numeric.lessOrEqual(86_400);
  }
  if (script) {
    const values = {
      ...initialParameterValues(
        script.parameters,
        script.presets.find((p) => p.name === draft.action.presetName),
      ),
      ...draft.action.values,
    };
    for (const [name, message] of Object.entries(parameterValueErrors(script.parameters, values)))
      errors[`action.${name}`] = message;
  }
  for (const [key, message] of Object.entries(scheduleErrors(draft.schedule)))
    errors[`schedule.${key}`] = message;
  return errors;
}

/**
 * The editor's form rules as a schema (for useContractForm): the draft's checks above, each
 * message on its field; the chosen script's parameters count once the script is loaded.
 */
export function taskDraftSchema(script?: TaskScript) {
  return z.custom<TaskDraft>().superRefine((draft, ctx) => {
    for (const [key, message] of Object.entries(taskDraftErrors(draft, script)))
      ctx.addIssue({ code: "custom", path: [key], message });
  });
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
