import { Badge, Tooltip } from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import type { DeviceSummary } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";

export type HealthValue = DeviceSummary["healthStatus"];
export const HEALTH_VALUES: readonly HealthValue[] = ["HEALTHY", "NEEDS_ATTENTION", "UNHEALTHY", "UNKNOWN"];

/** The name of each health. */
export const healthText: Record<HealthValue, MessageKey> = {
  HEALTHY: "devices.deviceHealth.HEALTHY",
  NEEDS_ATTENTION: "devices.deviceHealth.NEEDS_ATTENTION",
  UNHEALTHY: "devices.deviceHealth.UNHEALTHY",
  UNKNOWN: "devices.deviceHealth.UNKNOWN",
};

const healthColor: Record<HealthValue, string> = {
  HEALTHY: "teal",
  NEEDS_ATTENTION: "yellow",
  UNHEALTHY: "red",
  UNKNOWN: "gray",
};

/** A device's health as its open alerts set it, colored by how bad it is. */
export function HealthBadge({ health }: { health: HealthValue }) {
  const t = useT();
  return (
    <Badge size="sm" variant="light" color={healthColor[health]} tt="none">
      {t(healthText[health])}
    </Badge>
  );
}

/** Shown while an open maintenance window covers the device. */
export function MaintenanceBadge({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <Tooltip label={t("devices.deviceHealth.maintenanceHelp")}>
      {compact ? (
        <IconTool
          size={14}
          role="img"
          aria-label={t("devices.deviceHealth.maintenance")}
          color="var(--mantine-color-orange-text)"
          style={{ flexShrink: 0 }}
        />
      ) : (
        <Badge size="sm" variant="light" color="orange" tt="none" leftSection={<IconTool size={12} />}>
          {t("devices.deviceHealth.maintenance")}
        </Badge>
      )}
    </Tooltip>
  );
}
