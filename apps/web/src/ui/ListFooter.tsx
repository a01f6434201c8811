import { Group, Pagination, Text } from "@mantine/core";
import type { MantineSize } from "@mantine/core";
import { formatNumber, useT } from "../i18n";

interface ListFooterProps {
  /** How many items the whole list holds (all pages). */
  total: number;
  /**
   * The whole count as read, e.g. `t("scripts.list.count", { count: total })` with an ICU plural
   * ("{count, plural, one {# script} other {# scripts}}"). Preferred over `noun`/`plural`.
   */
  label?: string;
  /** The noun for one item, e.g. "script" (when no `label` is given). */
  noun?: string;
  /** The noun for any other count (legacy: `${noun}s` unless given; pass `label` instead). */
  plural?: string;
  /** The page shown (1-based). */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  paginationSize?: MantineSize;
}

/** Below a paged list: "N scripts" on the left, the pages on the right (hidden when there is one page). */
export function ListFooter({
  total,
  label,
  noun = "",
  plural = `${noun}s`,
  page,
  totalPages,
  onPage,
  paginationSize = "sm",
}: ListFooterProps) {
  const t = useT();
  const count =
    label ?? t("ui.list.count", { count: formatNumber(total), noun: total === 1 ? noun : plural });
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {count}
      </Text>
      {totalPages > 1 ? (
        <Pagination total={totalPages} value={page} onChange={onPage} size={paginationSize} />
      ) : null}
    </Group>
  );
}
