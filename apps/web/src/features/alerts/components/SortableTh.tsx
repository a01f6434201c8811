import { Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import type { AlertSortKey } from "../api";

export interface AlertSort {
  sort: AlertSortKey;
  order: "asc" | "desc";
}

export interface SortColumn {
  label: string;
  field: AlertSortKey;
}

interface SortableThProps {
  /** One field, or two when the column shows two values (the second one below, smaller). */
  columns: [SortColumn] | [SortColumn, SortColumn];
  current: AlertSort;
  onSort: (sort: AlertSort) => void;
  w?: number;
}

function SortButton({
  column,
  current,
  onSort,
  minor,
}: {
  column: SortColumn;
  current: AlertSort;
  onSort: (sort: AlertSort) => void;
  minor: boolean;
}) {
  const active = current.sort === column.field;
  const descending = active && current.order === "desc";
  return (
    <UnstyledButton
      onClick={() => onSort({ sort: column.field, order: active && !descending ? "desc" : "asc" })}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size={minor ? "xs" : "sm"} c={minor ? "dimmed" : undefined}>
          {column.label}
        </Text>
        {active ? descending ? <IconChevronDown size={14} /> : <IconChevronUp size={14} /> : null}
      </Group>
    </UnstyledButton>
  );
}

/** A column header whose label sorts by its field; a second click turns the order around. */
export function SortableTh({ columns, current, onSort, w }: SortableThProps) {
  const sorted = columns.find((c) => c.field === current.sort);
  return (
    <Table.Th w={w} aria-sort={sorted ? (current.order === "desc" ? "descending" : "ascending") : undefined}>
      <Stack gap={0}>
        {columns.map((column, index) => (
          <SortButton
            key={column.field}
            column={column}
            current={current}
            onSort={onSort}
            minor={index > 0}
          />
        ))}
      </Stack>
    </Table.Th>
  );
}
