import { useState } from "react";
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconTrash, IconX } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import type { DeviceDetail } from "@steward/contracts";
import { describeError } from "../../../api";
import { FormError, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { useDeviceRoles } from "../../device-roles";
import { useOrganization } from "../../organizations";
import { useDeleteDevice, useDeviceDecision, useUpdateDevice } from "../api";
import { DeviceTags } from "../components/DeviceTags";
import { deviceLabel } from "../components/DeviceName";
import { DevicePage } from "../dashboard/DevicePage";

export function DeviceSettingsPage() {
  return <DevicePage>{(device) => <DeviceSettings key={device.id} device={device} />}</DevicePage>;
}

function DeviceSettings({ device }: { device: DeviceDetail }) {
  const can = useCan();
  const canManage = can("devices.manage");
  return (
    <Stack gap="md" maw={820}>
      <GeneralForm device={device} canManage={canManage} />
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          Tags
        </Title>
        <DeviceTags deviceId={device.id} tags={device.tags} canEdit={canManage} />
      </Paper>
      {canManage ? <ApprovalAndDelete device={device} /> : null}
    </Stack>
  );
}

function GeneralForm({ device, canManage }: { device: DeviceDetail; canManage: boolean }) {
  const update = useUpdateDevice(device.id);
  const organization = useOrganization(device.organizationId);
  const roles = useDeviceRoles();
  const [displayName, setDisplayName] = useState(device.displayName ?? "");
  const [locationId, setLocationId] = useState(String(device.locationId));
  const [roleId, setRoleId] = useState(device.roleId === null ? "" : String(device.roleId));

  const changes = {
    ...(displayName.trim() !== (device.displayName ?? "") ? { displayName: displayName.trim() || null } : {}),
    ...(Number(locationId) !== device.locationId ? { locationId: Number(locationId) } : {}),
    ...(roleId !== (device.roleId === null ? "" : String(device.roleId))
      ? { roleId: roleId ? Number(roleId) : null }
      : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(changes, {
            onSuccess: () => notifications.show({ color: "teal", message: "Device settings saved" }),
          });
        }}
      >
        <Stack gap="sm">
          <Title order={5}>General</Title>
          <TextInput
            label="Display name"
            description={`Shown instead of the host name (${device.hostname}). Leave empty to use the host name.`}
            maxLength={200}
            disabled={!canManage}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <Select
              label="Location"
              description={`Within ${device.organizationName}`}
              allowDeselect={false}
              disabled={!canManage || organization.isPending}
              data={(
                organization.data?.locations ?? [{ id: device.locationId, name: device.locationName }]
              ).map((l) => ({
                value: String(l.id),
                label: l.name,
              }))}
              value={locationId}
              onChange={(value) => setLocationId(value ?? String(device.locationId))}
            />
            <Select
              label="Role"
              description="Decides which role custom fields the device has"
              allowDeselect={false}
              searchable
              disabled={!canManage || roles.isPending}
              data={[
                { value: "", label: "No role" },
                ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
              ]}
              value={roleId}
              onChange={(value) => setRoleId(value ?? "")}
            />
          </Group>
          <FormError message={update.isError ? describeError(update.error) : null} />
          {canManage ? (
            <Group>
              <Button type="submit" disabled={!dirty} loading={update.isPending}>
                Save
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function ApprovalAndDelete({ device }: { device: DeviceDetail }) {
  const decide = useDeviceDecision(device.id);
  const remove = useDeleteDevice(device.id);
  const navigate = useNavigate();
  const name = deviceLabel(device);
  const onError = (title: string) => (error: unknown) =>
    notifications.show({ color: "red", title, message: describeError(error) });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>Approval</Title>
        <Text size="sm">
          {device.approvalStatus === "APPROVED"
            ? "This device is approved: it reports and accepts jobs."
            : device.approvalStatus === "PENDING"
              ? "This device waits for approval. Until then it does not report or accept jobs."
              : "This device was rejected. Approve it to let it report again."}
        </Text>
        <Group>
          {device.approvalStatus !== "APPROVED" ? (
            <Button
              leftSection={<IconCheck size={16} />}
              loading={decide.isPending && decide.variables === "approve"}
              onClick={() =>
                decide.mutate("approve", {
                  onSuccess: () => notifications.show({ color: "teal", message: `${name} approved` }),
                  onError: onError("Could not approve the device"),
                })
              }
            >
              Approve
            </Button>
          ) : null}
          {device.approvalStatus === "PENDING" ? (
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              loading={decide.isPending && decide.variables === "reject"}
              onClick={() =>
                confirmAction({
                  title: "Reject device",
                  message: `Reject ${name}? Its agent stops reporting.`,
                  confirmLabel: "Reject",
                  onConfirm: () =>
                    decide.mutate("reject", {
                      onSuccess: () => notifications.show({ color: "teal", message: `${name} rejected` }),
                      onError: onError("Could not reject the device"),
                    }),
                })
              }
            >
              Reject
            </Button>
          ) : null}
        </Group>
        <Title order={5} mt="sm">
          Delete device
        </Title>
        <Text size="sm" c="dimmed">
          Removes the device and its history. Its agent can no longer connect; to manage the machine again,
          enroll it anew.
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() =>
              confirmAction({
                title: "Delete device",
                message: `Delete ${name}? This cannot be undone.`,
                onConfirm: () =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notifications.show({ color: "teal", message: `${name} deleted` });
                      void navigate("/deviceSearch");
                    },
                    onError: onError("Could not delete the device"),
                  }),
              })
            }
          >
            Delete device
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
