import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import type { AlertSortKey } from "../api";

export interface AlertSort {
  sort: AlertSortKey;
  order: "asc" | "desc";
}

interface SortableThProps {
  label: string;
  field: AlertSortKey;
  current: AlertSort;
  onSort: (sort: AlertSort) => void;
  w?: number;
}

/** A column header that sorts by its field; a second click turns the order around. */
export function SortableTh({ label, field, current, onSort, w }: SortableThProps) {
  const active = current.sort === field;
  const descending = active && current.order === "desc";
  return (
    <Table.Th w={w} aria-sort={active ? (descending ? "descending" : "ascending") : undefined}>
      <UnstyledButton onClick={() => onSort({ sort: field, order: active && !descending ? "desc" : "asc" })}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          {active ? descending ? <IconChevronDown size={14} /> : <IconChevronUp size={14} /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
