import type { ReactNode } from "react";
import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { DeviceDetail } from "@steward/contracts";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, LoadingState, formatDateTime } from "../../../ui";
import { osFamilyText } from "../../../lib/os-labels";
import { useDevice } from "../api";
import { ApprovalBadge, SimulatedBadge, StatusBadge, deviceLabel } from "../components/DeviceName";
import { HealthBadge, MaintenanceBadge } from "../components/DeviceHealth";
import { DeviceActionsMenu } from "../components/DeviceActionsMenu";

function DeviceNotFound() {
  const t = useT();
  return (
    <EmptyState
      title={t("devices.page.notFoundTitle")}
      description={t("devices.page.notFoundDescription")}
      action={
        <Button component={Link} to="/deviceSearch" variant="default">
          {t("devices.page.backToSearch")}
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
  const t = useT();
  const device = useDevice(id);
  usePageTitle(device.data ? deviceLabel(device.data) : null);
  if (device.isPending) return <LoadingState label={t("devices.page.loading")} />;
  if (device.isError) {
    if (isApiError(device.error, "E_DEVICE_NOT_FOUND") || isApiError(device.error, "E_NOT_FOUND")) {
      return <DeviceNotFound />;
    }
    return (
      <ErrorState
        title={t("devices.page.loadError")}
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
  const t = useT();
  const since = { time: formatDateTime(device.statusChangedAt) };
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="device-name">
          {deviceLabel(device)}
        </Title>
        <StatusBadge status={device.status} />
        <ApprovalBadge approval={device.approvalStatus} />
        <HealthBadge health={device.healthStatus} />
        {device.inMaintenance ? <MaintenanceBadge /> : null}
        {device.simulated ? <SimulatedBadge /> : null}
        <DeviceActionsMenu device={device} />
        {device.pendingReboot ? (
          <Badge color="orange" variant="light">
            {t("devices.page.needsReboot")}
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
        {device.osName ? `${device.osName} ${device.osVersion}`.trim() : t(osFamilyText[device.osFamily])}
        {device.hostname !== deviceLabel(device) ? (
          <>
            {" · "}
            {device.hostname}
          </>
        ) : null}
        {" · "}
        {device.status === "UP"
          ? t("devices.page.onlineSince", since)
          : t("devices.page.offlineSince", since)}
      </Text>
    </Stack>
  );
}
