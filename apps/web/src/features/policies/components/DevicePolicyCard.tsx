import { Anchor, Badge, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Link } from "react-router";
import type { EffectivePolicy } from "@steward/contracts";
import { describeError } from "../../../api";
import { formatDateTime, formatNumber, useT } from "../../../i18n";
import { QueryView } from "../../../ui";
import { useCan } from "../../auth";
import { useEffectivePolicy, usePolicies, usePutDevicePolicyOverride } from "../api";
import { deviceClassText, policySourceText } from "../texts";
import { DevicePolicyItems } from "./DevicePolicyItems";

interface DevicePolicyCardProps {
  deviceId: number;
  /** Whether the device's own policy may be set. */
  canManage: boolean;
}

/** The policy a device applies, where it comes from, and the device's own override. */
export function DevicePolicyCard({ deviceId, canManage }: DevicePolicyCardProps) {
  const t = useT();
  const effective = useEffectivePolicy(deviceId);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{t("policies.device.title")}</Title>
        <QueryView
          query={effective}
          errorTitle={t("policies.device.loadError")}
          loadingLabel={t("policies.device.loading")}
        >
          {(data) => <DevicePolicy deviceId={deviceId} data={data} canManage={canManage} />}
        </QueryView>
      </Stack>
    </Paper>
  );
}

function DevicePolicy({
  deviceId,
  data,
  canManage,
}: {
  deviceId: number;
  data: EffectivePolicy;
  canManage: boolean;
}) {
  const t = useT();
  // The override picks from the policies, which only those who may read them can list.
  const canReadPolicies = useCan()("policies.read");
  if (data.deviceClass === null)
    return (
      <Text size="sm" c="dimmed">
        {t("policies.device.noClass")}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t("policies.device.effective")}
        </Text>
        {data.policy ? (
          <Group gap="xs">
            {canReadPolicies ? (
              <Anchor component={Link} to={`/editor/policy/${data.policy.id}`} size="sm" fw={500}>
                {data.policy.name}
              </Anchor>
            ) : (
              <Text size="sm" fw={500}>
                {data.policy.name}
              </Text>
            )}
            {data.policy.isDefault ? (
              <Badge size="xs" variant="light">
                {t("policies.badges.default")}
              </Badge>
            ) : null}
            {!data.policy.enabled ? (
              <Badge size="xs" variant="light" color="gray">
                {t("policies.badges.disabled")}
              </Badge>
            ) : null}
            {(data.policyVersion ?? data.version) != null ? (
              <Text size="xs" c="dimmed">
                {t("policies.device.policyVersion", {
                  // With dynamic policies `version` is a derived number: people read the policy's own.
                  version: formatNumber((data.policyVersion ?? data.version)!),
                })}
              </Text>
            ) : null}
          </Group>
        ) : (
          <Text size="sm">{t("policies.device.none")}</Text>
        )}
      </Stack>
      {data.source ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t("policies.device.source")}
          </Text>
          <Text size="sm">{t(policySourceText[data.source])}</Text>
        </Stack>
      ) : null}
      <DynamicSources data={data} />
      {data.policy && data.enforced ? <DevicePolicyItems data={data} /> : null}
      {data.policy && data.enforced ? <LastApplied data={data} /> : null}
      {data.policy && !data.enforced ? (
        <Text size="sm" c="orange.8">
          {t("policies.device.notEnforced")}
        </Text>
      ) : null}
      {canReadPolicies ? <OverrideSelect deviceId={deviceId} data={data} canManage={canManage} /> : null}
    </Stack>
  );
}

function OverrideSelect({
  deviceId,
  data,
  canManage,
}: {
  deviceId: number;
  data: EffectivePolicy;
  canManage: boolean;
}) {
  const t = useT();
  const policies = usePolicies(data.deviceClass);
  const put = usePutDevicePolicyOverride(deviceId);
  const current = data.source === "DEVICE" && data.policy ? String(data.policy.id) : "";
  const deviceClass = data.deviceClass ? t(deviceClassText[data.deviceClass]) : "";
  return (
    <Select
      label={t("policies.device.override")}
      description={t("policies.device.overrideHelp", { deviceClass })}
      maw={420}
      allowDeselect={false}
      searchable
      disabled={!canManage || policies.isPending || put.isPending}
      data={[
        { value: "", label: t("policies.device.noOverride") },
        ...(policies.data ?? [])
          .filter((p) => p.deviceClass === data.deviceClass)
          .map((p) => ({ value: String(p.id), label: p.name })),
      ]}
      value={current}
      onChange={(value) => {
        if ((value ?? "") === current) return;
        put.mutate(value ? Number(value) : null, {
          onSuccess: () => notifications.show({ color: "teal", message: t("policies.device.saved") }),
          onError: (error) =>
            notifications.show({
              color: "red",
              title: t("policies.device.saveError"),
              message: describeError(error),
            }),
        });
      }}
    />
  );
}

/** When the device's agent last applied its policy, and whether that is the current one. */
function LastApplied({ data }: { data: EffectivePolicy }) {
  const t = useT();
  const applied = data.lastApplied;
  if (applied === undefined) return null;
  if (applied === null || applied.policyId === null)
    return (
      <Text size="xs" c="dimmed" data-testid="device-policy-applied">
        {t("policies.device.notApplied")}
      </Text>
    );
  const current = applied.policyId === data.policy?.id && applied.version === data.version;
  return (
    <Text size="xs" c={current ? "dimmed" : "orange.8"} data-testid="device-policy-applied">
      {t(current ? "policies.device.appliedCurrent" : "policies.device.appliedOlder", {
        time: formatDateTime(applied.appliedAt),
      })}
    </Text>
  );
}

/** The dynamic policies the device matches (the items each sets are listed with their sources). */
function DynamicSources({ data }: { data: EffectivePolicy }) {
  const t = useT();
  if (!data.dynamicPolicies?.length) return null;
  return (
    <Text size="sm" data-testid="device-dynamic-policies">
      {t("dynamicPolicies.card.matching", {
        names: data.dynamicPolicies
          .map((d) =>
            d.version === undefined
              ? d.name
              : t("policies.device.namedVersion", { name: d.name, version: formatNumber(d.version) }),
          )
          .join(", "),
      })}
    </Text>
  );
}
