import { Badge, Group, UnstyledButton } from "@mantine/core";
import { conditionSeverities, type ConditionSeverity } from "@steward/domain";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../ui";
import { severityColor, severityLabel } from "../labels";

interface SeverityCountersProps {
  counts: Partial<Record<ConditionSeverity, number>>;
  /** The severity the list is filtered by, if any. */
  active: ConditionSeverity | undefined;
  /** Filters by the clicked severity, or clears the filter when it is the active one. */
  onSelect: (severity: ConditionSeverity | undefined) => void;
}

/** Open alerts per severity above the list; each counter filters the list by its severity. */
export function SeverityCounters({ counts, active, onSelect }: SeverityCountersProps) {
  const t = useT();
  return (
    <Group gap="xs" role="group" aria-label={t("alerts.page.countersLabel")}>
      {conditionSeverities.map((severity) => {
        const count = counts[severity] ?? 0;
        const pressed = active === severity;
        return (
          <UnstyledButton
            key={severity}
            aria-pressed={pressed}
            onClick={() => onSelect(pressed ? undefined : severity)}
          >
            <Badge
              size="lg"
              radius="sm"
              color={count === 0 ? "gray" : severityColor[severity]}
              variant={pressed ? "filled" : "light"}
              style={{ cursor: "pointer", textTransform: "none" }}
            >
              {t("alerts.page.counter", { severity: t(severityLabel[severity]), count: formatNumber(count) })}
            </Badge>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
