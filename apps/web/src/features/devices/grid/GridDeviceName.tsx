import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { DeviceSummary } from "@steward/contracts";
import { SimulatedBadge, deviceLabel } from "../components/DeviceName";
import { MaintenanceBadge } from "../components/DeviceHealth";

/** Widest a name gets before it is cut with an ellipsis (the full name stays in its tooltip). */
export const GRID_NAME_MAX_WIDTH = 260;

/**
 * The grid's name cell. The name never wraps and sets the column's width (up to a cap), so the
 * other columns wrap first; the second line (host name, "Simulated") takes only the width the
 * name leaves it and is cut instead.
 */
export function GridDeviceName({
  device,
}: {
  device: Pick<DeviceSummary, "id" | "displayName" | "hostname" | "simulated" | "inMaintenance">;
}) {
  const label = deviceLabel(device);
  const showHostname = Boolean(device.displayName) && device.displayName !== device.hostname;
  return (
    <Stack gap={2}>
      <Anchor
        component={Link}
        to={`/deviceDashboard/${device.id}/overview`}
        size="sm"
        fw={500}
        title={label}
        style={{
          display: "block",
          whiteSpace: "nowrap",
          overflow: "hidden",
          textOverflow: "ellipsis",
          maxWidth: GRID_NAME_MAX_WIDTH,
        }}
      >
        {label}
      </Anchor>
      {device.simulated || showHostname || device.inMaintenance ? (
        // Zero width of its own: this line never widens the column.
        <Group gap={6} wrap="nowrap" style={{ width: 0, minWidth: "100%", overflow: "hidden" }}>
          {device.inMaintenance ? <MaintenanceBadge compact /> : null}
          {device.simulated ? <SimulatedBadge /> : null}
          {showHostname ? (
            <Text size="xs" c="dimmed" truncate="end" title={device.hostname} style={{ minWidth: 0 }}>
              {device.hostname}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
