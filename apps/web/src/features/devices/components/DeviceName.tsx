import { Anchor, Badge, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import type { DeviceSummary } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { deviceLabel } from "../../../lib/device-label";

export { deviceLabel };

/** "Simulated" marks demo-fleet devices everywhere they appear. */
export function SimulatedBadge() {
  const t = useT();
  return (
    <Badge
      size="xs"
      color="grape"
      variant="light"
      data-testid="simulated-badge"
      style={{ flexShrink: 0, overflow: "visible" }}
    >
      {t("devices.name.simulated")}
    </Badge>
  );
}

/** A device's name as a link to its dashboard; agent-reported strings render as text only. */
export function DeviceName({
  device,
}: {
  device: Pick<DeviceSummary, "id" | "displayName" | "hostname" | "simulated">;
}) {
  const label = deviceLabel(device);
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={`/deviceDashboard/${device.id}/overview`} size="sm" fw={500} lineClamp={1}>
        {label}
      </Anchor>
      {device.simulated ? <SimulatedBadge /> : null}
      {device.displayName && device.displayName !== device.hostname ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {device.hostname}
        </Text>
      ) : null}
    </Group>
  );
}

export const statusText: Record<DeviceSummary["status"], MessageKey> = {
  UP: "devices.status.UP",
  DOWN: "devices.status.DOWN",
};

export function StatusBadge({ status }: { status: DeviceSummary["status"] }) {
  const t = useT();
  return (
    <Badge color={status === "UP" ? "teal" : "red"} variant="light">
      {t(statusText[status])}
    </Badge>
  );
}

const approvalText: Record<DeviceSummary["approvalStatus"], MessageKey> = {
  APPROVED: "devices.approval.APPROVED",
  PENDING: "devices.approval.PENDING",
  REJECTED: "devices.approval.REJECTED",
};

export function ApprovalBadge({ approval }: { approval: DeviceSummary["approvalStatus"] }) {
  const t = useT();
  if (approval === "APPROVED") return null;
  return (
    <Badge color={approval === "PENDING" ? "yellow" : "gray"} variant="light">
      {t(approvalText[approval])}
    </Badge>
  );
}
