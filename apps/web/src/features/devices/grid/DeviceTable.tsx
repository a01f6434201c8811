import { Checkbox, Table, Text, UnstyledButton, Group } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import type { DeviceSort, DeviceSummary } from "@steward/contracts";
import { useT } from "../../../i18n";
import { deviceLabel } from "../components/DeviceName";
import type { GridColumn } from "./columns";
import { nextSort } from "./grid-state";

interface DeviceTableProps {
  devices: DeviceSummary[];
  columns: GridColumn[];
  sort: DeviceSort;
  onSort: (sort: DeviceSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  selectable: boolean;
}

export function DeviceTable({
  devices,
  columns,
  sort,
  onSort,
  selected,
  onSelect,
  selectable,
}: DeviceTableProps) {
  const t = useT();
  const allOnPage = devices.length > 0 && devices.every((d) => selected.has(d.id));
  const someOnPage = devices.some((d) => selected.has(d.id));
  return (
    <Table.ScrollContainer minWidth={columns.reduce((sum, c) => sum + c.minWidth, selectable ? 40 : 0)}>
      {/* Narrow cell padding and headers that may wrap leave the device name its width at 1024 px. */}
      <Table
        verticalSpacing={6}
        horizontalSpacing={8}
        highlightOnHover
        stickyHeader
        aria-label={t("common.fields.devices")}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable ? (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t("devicesGrid.table.selectPage")}
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={(event) =>
                    onSelect(
                      devices.map((d) => d.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => {
              const key = column.sortKey;
              const active = key && (sort === key || sort === `-${key}`);
              const descending = active && sort.startsWith("-");
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
                >
                  {key ? (
                    <UnstyledButton
                      onClick={() => onSort(nextSort(sort, key))}
                      aria-label={t("devicesGrid.table.sortBy", { column: t(column.label) })}
                    >
                      <Group gap={2} wrap="nowrap">
                        <Text size="sm" fw={700}>
                          {t(column.label)}
                        </Text>
                        {active ? (
                          descending ? (
                            <IconArrowDown size={12} />
                          ) : (
                            <IconArrowUp size={12} />
                          )
                        ) : (
                          <IconSelector size={12} opacity={0.4} />
                        )}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    t(column.label)
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-testid={`device-row-${device.id}`}>
              {selectable ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t("devicesGrid.table.selectDevice", { name: deviceLabel(device) })}
                    checked={selected.has(device.id)}
                    onChange={(event) => onSelect([device.id], event.currentTarget.checked)}
                  />
                </Table.Td>
              ) : null}
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  style={{ minWidth: column.minWidth, maxWidth: Math.max(column.minWidth, 320) }}
                >
                  {column.render(device)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
