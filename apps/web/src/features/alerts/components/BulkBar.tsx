import { Button, Group, Paper, Text } from "@mantine/core";
import { IconCheck, IconRotate } from "@tabler/icons-react";
import { useT } from "../../../i18n";
import type { AlertAction } from "../api";

/** What can be done with the selected alerts, shown while some are selected. */
export function BulkBar({
  count,
  onAction,
  onClear,
}: {
  count: number;
  onAction: (action: AlertAction) => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t("alerts.actions.selected", { count })}
        </Text>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => onAction("acknowledge")}>
            {t("alerts.actions.acknowledgeSelected")}
          </Button>
          <Button
            size="xs"
            color="red"
            leftSection={<IconRotate size={14} />}
            onClick={() => onAction("reset")}
          >
            {t("alerts.actions.resetSelected")}
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            {t("alerts.actions.clearSelection")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
