import { useState } from "react";
import { Anchor, Badge, Group, Paper, Table, Text, Title } from "@mantine/core";
import { IconCheck, IconRotate } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AlertView } from "@steward/contracts";
import { useT } from "../../../i18n";
import { ErrorState, formatDateTime, ListTable, LoadingState, RowAction, RowActions } from "../../../ui";
import { useCan } from "../../auth";
import { useAlerts, type AlertAction } from "../api";
import { deviceAlertHistoryPath } from "../alert-params";
import { AlertMarkers, SeverityBadge, ValueCell } from "./AlertCells";
import { AlertNoteDialog } from "./AlertNoteDialog";

const SHOWN = 10;

interface DeviceAlertsCardProps {
  device: { id: number; organizationId: number };
}

/** The device overview's alerts: its open alerts, most severe first, with acknowledge and reset. */
export function DeviceAlertsCard({ device }: DeviceAlertsCardProps) {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  const alerts = useAlerts({
    status: "OPEN",
    deviceId: device.id,
    sort: "severity",
    order: "asc",
    pageSize: SHOWN,
  });
  const [dialog, setDialog] = useState<{ action: AlertAction; alerts: AlertView[] } | null>(null);
  const data = alerts.data;
  const more = data ? data.total - data.items.length : 0;
  const listPath = `/customerDashboard/${device.organizationId}/alerts?device=${device.id}`;

  return (
    <Paper withBorder radius="md" p="md" data-testid="device-alerts">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{t("alerts.card.title")}</Title>
          {data && data.total > 0 ? (
            <Badge color="red" variant="light" size="sm">
              {t("alerts.card.openCount", { count: data.total })}
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={deviceAlertHistoryPath(device.organizationId, device.id)} size="sm">
          {t("alerts.card.history")}
        </Anchor>
      </Group>
      {alerts.isPending ? (
        <LoadingState label={t("alerts.card.loading")} />
      ) : alerts.isError && !data ? (
        <ErrorState
          title={t("alerts.card.loadError")}
          error={alerts.error}
          onRetry={() => void alerts.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("alerts.card.empty")}
        </Text>
      ) : data ? (
        <>
          <ListTable caption={t("alerts.card.caption")} minWidth={560} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("alerts.table.severity")}</Table.Th>
                <Table.Th>{t("alerts.table.condition")}</Table.Th>
                <Table.Th>{t("alerts.table.value")}</Table.Th>
                <Table.Th>{t("alerts.table.lastSeen")}</Table.Th>
                {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((alert) => {
                const names = { name: alert.condition.name, device: alert.device.name };
                return (
                  <Table.Tr key={alert.id}>
                    <Table.Td>
                      <SeverityBadge alert={alert} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {alert.condition.name}
                      </Text>
                      <AlertMarkers alert={alert} />
                    </Table.Td>
                    <Table.Td>
                      <ValueCell alert={alert} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <Text size="sm">{formatDateTime(alert.lastSeenAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {t("alerts.card.times", { count: alert.count })}
                      </Text>
                    </Table.Td>
                    {canManage ? (
                      <Table.Td>
                        <RowActions>
                          {alert.acknowledged ? null : (
                            <RowAction
                              tooltip={t("alerts.actions.acknowledge")}
                              label={t("alerts.actions.acknowledgeNamed", names)}
                              icon={<IconCheck size={16} />}
                              onClick={() => setDialog({ action: "acknowledge", alerts: [alert] })}
                            />
                          )}
                          <RowAction
                            tooltip={t("alerts.actions.reset")}
                            label={t("alerts.actions.resetNamed", names)}
                            color="red"
                            icon={<IconRotate size={16} />}
                            onClick={() => setDialog({ action: "reset", alerts: [alert] })}
                          />
                        </RowActions>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ListTable>
          {more > 0 ? (
            <Anchor component={Link} to={listPath} size="sm" mt="xs" display="inline-block">
              {t("alerts.card.more", { count: more })}
            </Anchor>
          ) : null}
        </>
      ) : null}
      <AlertNoteDialog
        action={dialog?.action ?? null}
        alerts={dialog?.alerts ?? []}
        onClose={() => setDialog(null)}
      />
    </Paper>
  );
}
