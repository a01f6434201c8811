import type { ReactNode } from "react";
import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { DeviceDetail } from "@steward/contracts";
import { isApiError } from "../../../api";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, LoadingState, formatDateTime } from "../../../ui";
import { osFamilyLabels } from "../../../lib/os-labels";
import { useDevice } from "../api";
import { ApprovalBadge, SimulatedBadge, StatusBadge, deviceLabel } from "../components/DeviceName";

function DeviceNotFound() {
  return (
    <EmptyState
      title="This device does not exist"
      description="It may have been deleted, or the link is wrong."
      action={
        <Button component={Link} to="/deviceSearch" variant="default">
          Back to device search
        </Button>
      }
    />
  );
}

/** The device of a /deviceDashboard/:id/… page: loading, not found and error states, then the page. */
export function DevicePage({ children }: { children: (device: DeviceDetail) => ReactNode }) {
  const id = parseId(useParams().id);
  if (id === null) return <DeviceNotFound />;
  return <DeviceLoader id={id}>{children}</DeviceLoader>;
}

function DeviceLoader({ id, children }: { id: number; children: (device: DeviceDetail) => ReactNode }) {
  const device = useDevice(id);
  usePageTitle(device.data ? deviceLabel(device.data) : null);
  if (device.isPending) return <LoadingState label="Loading device…" />;
  if (device.isError) {
    if (isApiError(device.error, "E_DEVICE_NOT_FOUND") || isApiError(device.error, "E_NOT_FOUND")) {
      return <DeviceNotFound />;
    }
    return (
      <ErrorState
        title="Could not load the device"
        error={device.error}
        onRetry={() => void device.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <DeviceHeader device={device.data} />
      {children(device.data)}
    </Stack>
  );
}

/** Name, presence and place of the device, above every device page. */
export function DeviceHeader({ device }: { device: DeviceDetail }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="device-name">
          {deviceLabel(device)}
        </Title>
        <StatusBadge status={device.status} />
        <ApprovalBadge approval={device.approvalStatus} />
        {device.simulated ? <SimulatedBadge /> : null}
        {device.pendingReboot ? (
          <Badge color="orange" variant="light">
            Needs reboot
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        <Anchor component={Link} to={`/customerDashboard/${device.organizationId}/overview`} size="sm">
          {device.organizationName}
        </Anchor>
        {" · "}
        <Anchor
          component={Link}
          to={`/customerDashboard/${device.organizationId}/location/${device.locationId}`}
          size="sm"
        >
          {device.locationName}
        </Anchor>
        {" · "}
        {device.osName ? `${device.osName} ${device.osVersion}`.trim() : osFamilyLabels[device.osFamily]}
        {device.hostname !== deviceLabel(device) ? ` · ${device.hostname}` : ""}
        {" · "}
        {device.status === "UP" ? "Online since" : "Offline since"} {formatDateTime(device.statusChangedAt)}
      </Text>
    </Stack>
  );
}
