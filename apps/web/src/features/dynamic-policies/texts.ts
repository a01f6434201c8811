import type { MessageKey } from "../../i18n";

const titles: Record<string, MessageKey> = {
  agentSettings: "dynamicPolicies.sections.agentSettings",
  conditions: "dynamicPolicies.sections.conditions",
  automations: "dynamicPolicies.sections.automations",
};

/** A policy section's name; a section added later without a text here is named generically. */
export function sectionTitle(key: string): MessageKey {
  return titles[key] ?? "dynamicPolicies.sections.other";
}
