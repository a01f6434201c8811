import { Stack, Text } from "@mantine/core";
import type { EffectivePolicy } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { sectionTexts } from "../texts";

/** The title of each section the device card lists. */
const sectionTitles: Record<string, MessageKey> = {
  ...Object.fromEntries(Object.entries(sectionTexts).map(([key, s]) => [key, s.title])),
  conditions: "policies.conditions.title",
  automations: "policies.device.automations",
};

/**
 * Each item of a device's effective merged policy, by section, with the policy that set it: a
 * dynamic policy the device matches, else the policy of its base policy's chain (or the default).
 */
export function DevicePolicyItems({ data }: { data: EffectivePolicy }) {
  const t = useT();
  return (
    <>
      {Object.entries(data.sections).map(([section, entries]) => {
        const title = sectionTitles[section];
        const items = Object.entries(entries);
        if (!title || items.length === 0) return null;
        return (
          <Stack key={section} gap={2} data-testid={`device-policy-${section}`}>
            <Text size="xs" c="dimmed">
              {t(title)}
            </Text>
            {items.map(([key, e]) => {
              const label = sectionTexts[section]?.items[key]?.label;
              const value = (e.value ?? {}) as { name?: unknown; enabled?: unknown };
              // A fixed item by its label; a condition or automation by its own name, else its key.
              const name = label
                ? t(label)
                : typeof value.name === "string" && value.name.trim()
                  ? value.name
                  : key;
              const from =
                e.sourceDynamicPolicyName != null
                  ? t("dynamicPolicies.card.fromDynamic", { name: e.sourceDynamicPolicyName })
                  : e.sourcePolicyName != null
                    ? t("policies.device.itemFromPolicy", { name: e.sourcePolicyName })
                    : t("policies.device.itemDefault");
              return (
                <Text key={key} size="sm">
                  {value.enabled === false ? t("policies.device.itemOff", { name }) : name}: {from}
                </Text>
              );
            })}
          </Stack>
        );
      })}
    </>
  );
}
