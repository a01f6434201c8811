import { useState } from "react";
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconTrash, IconX } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { updateDeviceRequest, type DeviceDetail } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { useDeviceRoles } from "../../device-roles";
import { useOrganization } from "../../organizations";
import { DevicePolicyCard } from "../../policies";
import { useDeleteDevice, useDeviceDecision, useUpdateDevice } from "../api";
import { DeviceTags } from "../components/DeviceTags";
import { deviceLabel } from "../components/DeviceName";
import { DevicePage } from "../dashboard/DevicePage";

export function DeviceSettingsPage() {
  return <DevicePage>{(device) => <DeviceSettings key={device.id} device={device} />}</DevicePage>;
}

function DeviceSettings({ device }: { device: DeviceDetail }) {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  return (
    <Stack gap="md" maw={820}>
      <GeneralForm device={device} canManage={canManage} />
      <DevicePolicyCard deviceId={device.id} canManage={canManage} />
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          {t("common.fields.tags")}
        </Title>
        <DeviceTags deviceId={device.id} tags={device.tags} canEdit={canManage} />
      </Paper>
      {canManage ? <ApprovalAndDelete device={device} /> : null}
    </Stack>
  );
}

/** The general settings as the form holds them (select values are strings, "" for no role). */
const generalForm = z.object({
  displayName: updateDeviceRequest.shape.displayName,
  locationId: z.string(),
  roleId: z.string(),
});
type GeneralValues = { displayName: string; locationId: string; roleId: string };

/** What the form changed against the saved device: only those fields go to the server. */
function changesOf(values: GeneralValues, device: DeviceDetail) {
  const displayName = values.displayName.trim();
  return {
    ...(displayName !== (device.displayName ?? "") ? { displayName: displayName || null } : {}),
    ...(Number(values.locationId) !== device.locationId ? { locationId: Number(values.locationId) } : {}),
    ...(values.roleId !== (device.roleId === null ? "" : String(device.roleId))
      ? { roleId: values.roleId ? Number(values.roleId) : null }
      : {}),
  };
}

function GeneralForm({ device, canManage }: { device: DeviceDetail; canManage: boolean }) {
  const t = useT();
  const update = useUpdateDevice(device.id);
  const organization = useOrganization(device.organizationId);
  const roles = useDeviceRoles();
  const form = useContractForm<GeneralValues>(generalForm, {
    initialValues: {
      displayName: device.displayName ?? "",
      locationId: String(device.locationId),
      roleId: device.roleId === null ? "" : String(device.roleId),
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const dirty = Object.keys(changesOf(form.getValues(), device)).length > 0;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setSubmitError(null);
          update.mutate(changesOf(values, device), {
            onSuccess: () => notifications.show({ color: "teal", message: t("devices.settings.saved") }),
            onError: (error) => {
              if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
            },
          });
        })}
      >
        <Stack gap="sm">
          <Title order={5}>{t("devices.settings.general")}</Title>
          <TextInput
            label={t("devices.settings.displayName")}
            description={t("devices.settings.displayNameHelp", { hostname: device.hostname })}
            maxLength={200}
            disabled={!canManage}
            {...form.getInputProps("displayName")}
          />
          <Group grow align="flex-start">
            <Select
              label={t("common.fields.location")}
              description={t("devices.settings.locationHelp", { organization: device.organizationName })}
              allowDeselect={false}
              disabled={!canManage || organization.isPending}
              data={(
                organization.data?.locations ?? [{ id: device.locationId, name: device.locationName }]
              ).map((l) => ({
                value: String(l.id),
                label: l.name,
              }))}
              {...form.getInputProps("locationId")}
              onChange={(value) => form.setFieldValue("locationId", value ?? String(device.locationId))}
            />
            <Select
              label={t("devices.settings.role")}
              description={t("devices.settings.roleHelp")}
              allowDeselect={false}
              searchable
              disabled={!canManage || roles.isPending}
              data={[
                { value: "", label: t("devices.settings.noRole") },
                ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
              ]}
              {...form.getInputProps("roleId")}
              onChange={(value) => form.setFieldValue("roleId", value ?? "")}
            />
          </Group>
          <FormError message={submitError} />
          {canManage ? (
            <Group>
              <Button type="submit" disabled={!dirty} loading={update.isPending}>
                {t("common.actions.save")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function ApprovalAndDelete({ device }: { device: DeviceDetail }) {
  const t = useT();
  const decide = useDeviceDecision(device.id);
  const remove = useDeleteDevice(device.id);
  const navigate = useNavigate();
  const name = deviceLabel(device);
  const onError = (title: string) => (error: unknown) =>
    notifications.show({ color: "red", title, message: describeError(error) });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{t("devices.settings.approval")}</Title>
        <Text size="sm">
          {device.approvalStatus === "APPROVED"
            ? t("devices.settings.approved")
            : device.approvalStatus === "PENDING"
              ? t("devices.settings.pending")
              : t("devices.settings.rejected")}
        </Text>
        <Group>
          {device.approvalStatus !== "APPROVED" ? (
            <Button
              leftSection={<IconCheck size={16} />}
              loading={decide.isPending && decide.variables === "approve"}
              onClick={() =>
                decide.mutate("approve", {
                  onSuccess: () =>
                    notifications.show({
                      color: "teal",
                      message: t("devices.settings.approvedNotice", { name }),
                    }),
                  onError: onError(t("devices.settings.approveError")),
                })
              }
            >
              {t("devices.settings.approve")}
            </Button>
          ) : null}
          {device.approvalStatus === "PENDING" ? (
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              loading={decide.isPending && decide.variables === "reject"}
              onClick={() =>
                confirmAction({
                  title: t("devices.settings.rejectTitle"),
                  message: t("devices.settings.rejectMessage", { name }),
                  confirmLabel: t("devices.settings.reject"),
                  onConfirm: () =>
                    decide.mutate("reject", {
                      onSuccess: () =>
                        notifications.show({
                          color: "teal",
                          message: t("devices.settings.rejectedNotice", { name }),
                        }),
                      onError: onError(t("devices.settings.rejectError")),
                    }),
                })
              }
            >
              {t("devices.settings.reject")}
            </Button>
          ) : null}
        </Group>
        <Title order={5} mt="sm">
          {t("devices.settings.deleteTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("devices.settings.deleteHelp")}
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() =>
              confirmAction({
                title: t("devices.settings.deleteTitle"),
                message: t("devices.settings.deleteMessage", { name }),
                onConfirm: () =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notifications.show({
                        color: "teal",
                        message: t("devices.settings.deletedNotice", { name }),
                      });
                      void navigate("/deviceSearch");
                    },
                    onError: onError(t("devices.settings.deleteError")),
                  }),
              })
            }
          >
            {t("devices.settings.deleteTitle")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
