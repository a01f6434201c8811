import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { z } from "zod";
import type { DeviceSummary } from "@steward/contracts";
import { deviceClassOf, deviceClasses, type DeviceClass } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { FormError, LoadingState } from "../../../ui";
import { useDeviceRoles } from "../../device-roles";
import { useDeviceClassLabel, usePolicies } from "../../policies";

/**
 * The device classes of the selected devices, or null when some selected device is not on the
 * page (its class is then unknown here and every class is offered; the server skips misfits).
 */
export function selectedClasses(
  selectedIds: readonly number[],
  pageDevices: readonly DeviceSummary[],
  roleKeys: ReadonlyMap<number, string | null>,
): Set<DeviceClass> | null {
  const byId = new Map(pageDevices.map((d) => [d.id, d]));
  const classes = new Set<DeviceClass>();
  for (const id of selectedIds) {
    const device = byId.get(id);
    if (!device) return null;
    const deviceClass = deviceClassOf({
      osFamily: device.osFamily,
      osName: device.osName,
      roleKey: device.roleId === null ? null : (roleKeys.get(device.roleId) ?? null),
    });
    if (deviceClass) classes.add(deviceClass);
  }
  return classes;
}

const policyForm = z.object({ policyId: z.string().min(1) });
type PolicyFormValues = z.infer<typeof policyForm>;

/** Chooses the policy to set as the selected devices' own: only policies of their classes. */
export function PolicyOverrideForm(props: {
  selectedIds: readonly number[];
  pageDevices: readonly DeviceSummary[];
  pending: boolean;
  error: string | null;
  onSubmit: (policyId: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const deviceClassLabel = useDeviceClassLabel();
  const policies = usePolicies();
  const roles = useDeviceRoles();
  const form = useContractForm<PolicyFormValues>(policyForm, { initialValues: { policyId: "" } });
  if (policies.isPending || roles.isPending) return <LoadingState label={t("devicesGrid.policy.loading")} />;
  const roleKeys = new Map((roles.data ?? []).map((r) => [r.id, r.key]));
  const classes = selectedClasses(props.selectedIds, props.pageDevices, roleKeys);
  const offered = deviceClasses
    .filter((c) => classes === null || classes.has(c))
    .map((deviceClass) => ({
      group: deviceClassLabel(deviceClass),
      items: (policies.data ?? [])
        .filter((p) => p.deviceClass === deviceClass)
        .map((p) => ({ value: String(p.id), label: p.name })),
    }))
    .filter((g) => g.items.length > 0);
  return (
    <form onSubmit={form.onSubmit(({ policyId }) => props.onSubmit(Number(policyId)))} noValidate>
      <Stack gap="sm">
        {offered.length === 0 && !policies.isError ? (
          <Text size="sm">{t("devicesGrid.policy.noneFits")}</Text>
        ) : (
          <Select
            label={t("devicesGrid.policy.policy")}
            description={t("devicesGrid.policy.policyHelp")}
            withAsterisk
            searchable
            data={offered}
            {...form.getInputProps("policyId")}
            onChange={(v) => form.setFieldValue("policyId", v ?? "")}
            error={policies.isError ? describeError(policies.error) : form.errors.policyId}
          />
        )}
        <FormError message={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={props.pending} disabled={offered.length === 0}>
            {t("devicesGrid.policy.set")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
