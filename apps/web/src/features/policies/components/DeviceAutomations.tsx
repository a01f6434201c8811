import { Stack, Text } from "@mantine/core";
import type { EffectivePolicy } from "@steward/contracts";
import { useT } from "../../../i18n";

/**
 * The scheduled automations of a device's effective merged policy, each with the policy that set
 * it: a dynamic policy the device matches, else the policy of its base policy's chain.
 */
export function DeviceAutomations({ data }: { data: EffectivePolicy }) {
  const t = useT();
  const items = Object.entries(data.sections.automations ?? {});
  if (items.length === 0) return null;
  return (
    <Stack gap={2} data-testid="device-automations">
      <Text size="xs" c="dimmed">
        {t("policies.device.automations")}
      </Text>
      {items.map(([key, e]) => {
        const value = (e.value ?? {}) as { name?: unknown; enabled?: unknown };
        const name = typeof value.name === "string" && value.name.trim() ? value.name : key;
        const from =
          e.sourceDynamicPolicyName != null
            ? t("dynamicPolicies.card.fromDynamic", { name: e.sourceDynamicPolicyName })
            : e.sourcePolicyName != null
              ? t("policies.device.automationFromPolicy", { name: e.sourcePolicyName })
              : null;
        return (
          <Text key={key} size="sm">
            {value.enabled === false ? t("policies.device.automationOff", { name }) : name}
            {from ? (
              <Text span size="xs" c="dimmed">
                {" · "}
                {from}
              </Text>
            ) : null}
          </Text>
        );
      })}
    </Stack>
  );
}
