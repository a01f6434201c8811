import { Group, Pagination, Text } from "@mantine/core";
import type { MantineSize } from "@mantine/core";

interface ListFooterProps {
  /** How many items the whole list holds (all pages). */
  total: number;
  /** The noun for one item, e.g. "script". */
  noun: string;
  /** The noun for any other count; `${noun}s` unless given (e.g. "activities"). */
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
  noun,
  plural = `${noun}s`,
  page,
  totalPages,
  onPage,
  paginationSize = "sm",
}: ListFooterProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {`${total} ${total === 1 ? noun : plural}`}
      </Text>
      {totalPages > 1 ? (
        <Pagination total={totalPages} value={page} onChange={onPage} size={paginationSize} />
      ) : null}
    </Group>
  );
}
