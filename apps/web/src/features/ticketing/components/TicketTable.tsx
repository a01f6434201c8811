import { useState } from "react";
import { Anchor, Badge, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import {
  TICKET_STATE_TYPES,
  type TicketBoardColumn,
  type TicketRow,
  type TicketStateType,
} from "@steward/contracts";
import { useT, type Translate } from "../../../i18n";
import { EmptyState, ErrorState, ListFooter, ListTable, LoadingState, formatDateTime } from "../../../ui";
import { useBoardTickets } from "../api";
import { ticketPath } from "../paths";
import { useStatusText } from "./status-text";

type StatusText = ReturnType<typeof useStatusText>;

const PAGE_SIZE = 50;

/** How each state shows: a calm color for the ends, a bright one for what needs work. */
export const stateColor: Record<TicketStateType, string> = {
  NEW: "blue",
  OPEN: "teal",
  WAITING: "yellow",
  PAUSED: "gray",
  RESOLVED: "green",
  CLOSED: "dark",
};

function cell(t: Translate, column: TicketBoardColumn, ticket: TicketRow, statusText: StatusText) {
  switch (column) {
    case "id":
      return `#${ticket.id}`;
    case "subject":
      return (
        <Anchor component={Link} to={ticketPath(ticket.id)} size="sm" fw={500}>
          {ticket.subject}
        </Anchor>
      );
    case "status":
      return (
        <Badge variant="light" color={stateColor[ticket.status.stateType]} tt="none" maw="none">
          {statusText.status(ticket.status)}
        </Badge>
      );
    case "priority":
      return ticket.priority?.name ?? "—";
    case "severity":
      return ticket.severity?.name ?? "—";
    case "type":
      return ticket.type?.name ?? "—";
    case "organization":
      return ticket.organization.name;
    case "device":
      return ticket.device?.name ?? "—";
    case "assignee":
      return ticket.assignee?.name ?? t("ticketing.table.unassigned");
    case "requester":
      return ticket.requesterName || ticket.requesterEmail || "—";
    case "source":
      return t(`ticketing.sources.${ticket.source}`);
    case "createdAt":
      return formatDateTime(ticket.createdAt);
    case "updatedAt":
      return formatDateTime(ticket.updatedAt);
  }
}

interface TicketTableProps {
  boardId: number;
  /** The board's name, for the table's caption. */
  boardName: string;
  columns: readonly TicketBoardColumn[];
  /** Narrows the board to one organization or device (their dashboards' tabs). */
  organizationId?: number;
  deviceId?: number;
}

/**
 * A board's tickets a page at a time, as the server pages, searches and filters them: a search
 * box (full-text over subject and description, or a ticket number) and a state filter.
 */
export function TicketTable({ boardId, boardName, columns, organizationId, deviceId }: TicketTableProps) {
  const t = useT();
  const statusText = useStatusText();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [stateType, setStateType] = useState<TicketStateType | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const tickets = useBoardTickets(boardId, {
    page,
    pageSize: PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(stateType ? { stateType } : {}),
    ...(organizationId ? { organizationId } : {}),
    ...(deviceId ? { deviceId } : {}),
  });
  const data = tickets.data;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t("ticketing.table.search")}
          placeholder={t("ticketing.table.searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={360}
          maxLength={200}
        />
        <Select
          label={t("ticketing.table.state")}
          placeholder={t("ticketing.table.anyState")}
          data={TICKET_STATE_TYPES.map((s) => ({ value: s, label: t(`ticketing.states.${s}`) }))}
          value={stateType}
          onChange={(v) => {
            setStateType(v as TicketStateType | null);
            setPage(1);
          }}
          clearable
          w={200}
        />
      </Group>
      {tickets.isPending ? (
        <LoadingState label={t("ticketing.table.loading")} />
      ) : tickets.isError ? (
        <ErrorState
          title={t("ticketing.table.loadError")}
          error={tickets.error}
          onRetry={() => void tickets.refetch()}
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={t("ticketing.table.empty")} description={t("ticketing.table.emptyDescription")} />
      ) : (
        <>
          <ListTable caption={t("ticketing.table.caption", { board: boardName })} minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c}>{t(`ticketing.table.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((ticket) => (
                <Table.Tr key={ticket.id}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c}
                      style={c === "status" || c === "id" ? { whiteSpace: "nowrap" } : undefined}
                    >
                      <Text size="sm" component="div">
                        {cell(t, c, ticket, statusText)}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
          <ListFooter
            label={t("ticketing.table.count", { count: data.total })}
            page={page}
            totalPages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
