import { z } from "zod";
import { messages } from "../messages.js";
import { policySections } from "./sections.js";
import { condition } from "../conditions/model.js";

/** Keys of a keyed section's items: letters, digits, "_" and "-". */
export const POLICY_ITEM_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const seconds = (min: number, max: number) =>
  z
    .number({ error: messages.customField.integer })
    .int(messages.customField.integer)
    .min(min, messages.numeric.greaterOrEqual(min))
    .max(max, messages.numeric.lessOrEqual(max));

/** Bounds of the agent's intervals, in seconds. */
export const agentSettingsBounds = {
  metricIntervalSeconds: { min: 15, max: 3600 },
  heartbeatSeconds: { min: 15, max: 600 },
} as const;

/** How often the agent samples metrics and reports that it is alive. */
export const agentSettingsSection = policySections.define({
  key: "agentSettings",
  schema: z.object({
    metricIntervalSeconds: seconds(
      agentSettingsBounds.metricIntervalSeconds.min,
      agentSettingsBounds.metricIntervalSeconds.max,
    ),
    heartbeatSeconds: seconds(
      agentSettingsBounds.heartbeatSeconds.min,
      agentSettingsBounds.heartbeatSeconds.max,
    ),
  }),
  defaults: { metricIntervalSeconds: 60, heartbeatSeconds: 60 },
});

const itemKey = z.string().regex(POLICY_ITEM_KEY);

/** Monitoring conditions, keyed by a condition id; a child policy overrides or adds them one by one. */
export const conditionsSection = policySections.define({
  key: "conditions",
  schema: z.record(itemKey, condition),
  defaults: {},
});

/** A scheduled automation: a library script the agent runs on a schedule (the schedule engine's model). */
export const automationEntry = z.object({
  scriptId: z.number().int().min(1).max(2_147_483_647),
  enabled: z.boolean().default(true),
  schedule: z.looseObject({}).optional(),
});

/** Scheduled automations, keyed by an automation id. */
export const automationsSection = policySections.define({
  key: "automations",
  schema: z.record(itemKey, automationEntry),
  defaults: {},
});
