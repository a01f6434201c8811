import { Group, Pagination, Text } from "@mantine/core";
import type { MantineSize } from "@mantine/core";

interface ListFooterProps {
  /**
   * The whole count as read, e.g. `t("scripts.library.count", { count: total })` with an ICU
   * plural ("{count, plural, one {# script} other {# scripts}}").
   */
  label: string;
  /** The page shown (1-based). */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  paginationSize?: MantineSize;
}

/** Below a paged list: "N scripts" on the left, the pages on the right (hidden when there is one page). */
export function ListFooter({ label, page, totalPages, onPage, paginationSize = "sm" }: ListFooterProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {totalPages > 1 ? (
        <Pagination total={totalPages} value={page} onChange={onPage} size={paginationSize} />
      ) : null}
    </Group>
  );
}
