import { Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconTool, IconWaveSine } from "@tabler/icons-react";
import type { AlertView } from "@steward/contracts";
import { useT } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../ui";
import { resetCauseLabel, severityColor, severityLabel } from "../labels";

/** A badge in a narrow column shows its whole label rather than an ellipsis. */
const keepWhole = { minWidth: "max-content", overflow: "visible" } as const;

export function SeverityBadge({ alert }: { alert: Pick<AlertView, "severity"> }) {
  const t = useT();
  return (
    <Badge color={severityColor[alert.severity]} variant="filled" size="sm" style={keepWhole}>
      {t(severityLabel[alert.severity])}
    </Badge>
  );
}

/** The condition's name, the policy it came from, and the flapping and maintenance markers. */
export function ConditionCell({ alert, showPolicy = true }: { alert: AlertView; showPolicy?: boolean }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {alert.condition.name}
      </Text>
      {showPolicy ? (
        <Text size="xs" c="dimmed">
          {alert.policy
            ? t("alerts.table.policy", { name: alert.policy.name })
            : t("alerts.table.policyGone")}
        </Text>
      ) : null}
      <AlertMarkers alert={alert} />
    </Stack>
  );
}

/** Flapping, raised in maintenance, and acknowledged (who, when and the note on hover). */
export function AlertMarkers({ alert }: { alert: AlertView }) {
  const t = useT();
  if (!alert.flapping && !alert.inMaintenance && !alert.acknowledged) return null;
  return (
    <Group gap={4}>
      {alert.acknowledged ? <AcknowledgedBadge ack={alert.acknowledged} /> : null}
      {alert.flapping ? (
        <Tooltip label={t("alerts.table.flappingHint")} multiline w={260}>
          <Badge
            size="xs"
            color="grape"
            variant="light"
            style={keepWhole}
            leftSection={<IconWaveSine size={10} />}
          >
            {t("alerts.table.flapping")}
          </Badge>
        </Tooltip>
      ) : null}
      {alert.inMaintenance ? (
        <Tooltip label={t("alerts.table.maintenanceHint")} multiline w={260}>
          <Badge
            size="xs"
            color="blue"
            variant="light"
            style={keepWhole}
            leftSection={<IconTool size={10} />}
          >
            {t("alerts.table.maintenance")}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The value that triggered it last, with what the device said about it below. */
export function ValueCell({ alert }: { alert: AlertView }) {
  const t = useT();
  return (
    <Stack gap={0} miw={120} maw={220}>
      <Text size="sm" fw={500}>
        {alert.value === null
          ? t("alerts.table.noValue")
          : formatNumber(alert.value, { maximumFractionDigits: 2 })}
      </Text>
      {alert.detail ? (
        <Text size="xs" c="dimmed" lineClamp={3} title={alert.detail}>
          {alert.detail}
        </Text>
      ) : null}
    </Stack>
  );
}

function AcknowledgedBadge({ ack }: { ack: NonNullable<AlertView["acknowledged"]> }) {
  const t = useT();
  const by = t("alerts.table.acknowledgedBy", { by: ack.by, at: formatDateTime(ack.at) });
  return (
    <Tooltip
      multiline
      w={280}
      label={
        <>
          <div>{by}</div>
          {ack.note ? <div>{t("alerts.table.acknowledgedNote", { note: ack.note })}</div> : null}
        </>
      }
    >
      <Badge
        size="xs"
        variant="light"
        color="teal"
        style={keepWhole}
        leftSection={<IconCheck size={10} />}
        aria-label={by}
      >
        {t("alerts.table.acknowledged")}
      </Badge>
    </Tooltip>
  );
}

/** How the alert ended: the cause, who and when, and the note. */
export function ResetCell({ alert }: { alert: AlertView }) {
  const t = useT();
  const reset = alert.reset;
  if (!reset) return null;
  return (
    <Stack gap={0} maw={240}>
      <Text size="sm">{t(resetCauseLabel[reset.cause])}</Text>
      <Text size="xs" c="dimmed">
        {reset.by
          ? t("alerts.table.resetBy", { at: formatDateTime(reset.at), by: reset.by })
          : formatDateTime(reset.at)}
      </Text>
      {reset.note ? (
        <Text size="xs" c="dimmed" lineClamp={2} title={reset.note}>
          {reset.note}
        </Text>
      ) : null}
    </Stack>
  );
}
