import { Anchor, Checkbox, Table, Text } from "@mantine/core";
import { IconCheck, IconRotate } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AlertView } from "@steward/contracts";
import { useT } from "../../../i18n";
import { formatDateTime, formatNumber, RowAction, RowActions, TableCard } from "../../../ui";
import type { AlertAction } from "../api";
import { priorityLabel } from "../labels";
import { ConditionCell, ResetCell, SeverityBadge, ValueCell } from "./AlertCells";
import { SortableTh, type AlertSort } from "./SortableTh";

interface AlertsTableProps {
  items: AlertView[];
  /** Open alerts (selectable, with actions) or the history of reset ones. */
  history: boolean;
  showOrganization: boolean;
  sort: AlertSort;
  onSort: (sort: AlertSort) => void;
  /** Selection and actions; absent for someone who may not change alerts. */
  selection?: {
    selected: ReadonlySet<number>;
    onChange: (selected: Set<number>) => void;
    onAction: (action: AlertAction, alerts: AlertView[]) => void;
  };
}

export function AlertsTable({ items, history, showOrganization, sort, onSort, selection }: AlertsTableProps) {
  const t = useT();
  const selectable = selection !== undefined && !history;
  const selectedOnPage = selectable ? items.filter((a) => selection.selected.has(a.id)).length : 0;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedOnPage === items.length) for (const a of items) next.delete(a.id);
    else for (const a of items) next.add(a.id);
    selection.onChange(next);
  };
  const toggle = (id: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const th = { current: sort, onSort };

  return (
    <TableCard caption={t("alerts.table.caption")} minWidth={740}>
      <Table.Thead>
        <Table.Tr>
          {selectable ? (
            <Table.Th w={36}>
              <Checkbox
                aria-label={t("alerts.table.selectAll")}
                checked={items.length > 0 && selectedOnPage === items.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < items.length}
                onChange={toggleAll}
              />
            </Table.Th>
          ) : null}
          <SortableTh
            w={104}
            columns={[
              { label: t("alerts.table.severity"), field: "severity" },
              { label: t("alerts.table.priority"), field: "priority" },
            ]}
            {...th}
          />
          <SortableTh columns={[{ label: t("alerts.table.condition"), field: "condition" }]} {...th} />
          <SortableTh
            columns={
              showOrganization
                ? [
                    { label: t("alerts.table.device"), field: "device" },
                    { label: t("alerts.table.organization"), field: "organization" },
                  ]
                : [{ label: t("alerts.table.device"), field: "device" }]
            }
            {...th}
          />
          <SortableTh
            w={120}
            columns={[
              { label: t("alerts.table.lastSeen"), field: "lastSeen" },
              { label: t("alerts.table.firstSeen"), field: "firstSeen" },
            ]}
            {...th}
          />
          <SortableTh w={64} columns={[{ label: t("alerts.table.count"), field: "count" }]} {...th} />
          <Table.Th>{t("alerts.table.value")}</Table.Th>
          {history ? <Table.Th>{t("alerts.table.reset")}</Table.Th> : null}
          {selectable ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((alert) => {
          const names = { name: alert.condition.name, device: alert.device.name };
          return (
            <Table.Tr
              key={alert.id}
              bg={
                selectable && selection.selected.has(alert.id)
                  ? "var(--mantine-primary-color-light)"
                  : undefined
              }
            >
              {selectable ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t("alerts.table.selectRow", names)}
                    checked={selection.selected.has(alert.id)}
                    onChange={() => toggle(alert.id)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>
                <SeverityBadge alert={alert} />
                <Text size="xs" c="dimmed" mt={2}>
                  {t(priorityLabel[alert.priority])}
                </Text>
              </Table.Td>
              <Table.Td>
                <ConditionCell alert={alert} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/deviceDashboard/${alert.device.id}/overview`} size="sm">
                  {alert.device.name}
                </Anchor>
                {showOrganization ? (
                  <Anchor
                    component={Link}
                    to={`/customerDashboard/${alert.organization.id}/alerts`}
                    size="xs"
                    c="dimmed"
                    display="block"
                  >
                    {alert.organization.name}
                  </Anchor>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(alert.lastSeenAt)}</Text>
                <Text size="xs" c="dimmed">
                  {t("alerts.table.since", { time: formatDateTime(alert.firstSeenAt) })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatNumber(alert.count)}</Text>
              </Table.Td>
              <Table.Td>
                <ValueCell alert={alert} />
              </Table.Td>
              {history ? (
                <Table.Td>
                  <ResetCell alert={alert} />
                </Table.Td>
              ) : null}
              {selectable ? (
                <Table.Td>
                  <RowActions>
                    {alert.acknowledged ? null : (
                      <RowAction
                        tooltip={t("alerts.actions.acknowledge")}
                        label={t("alerts.actions.acknowledgeNamed", names)}
                        icon={<IconCheck size={16} />}
                        onClick={() => selection.onAction("acknowledge", [alert])}
                      />
                    )}
                    <RowAction
                      tooltip={t("alerts.actions.reset")}
                      label={t("alerts.actions.resetNamed", names)}
                      color="red"
                      icon={<IconRotate size={16} />}
                      onClick={() => selection.onAction("reset", [alert])}
                    />
                  </RowActions>
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableCard>
  );
}
