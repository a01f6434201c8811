import { Badge, Button, Group, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { ErrorState, LoadingState, NotAvailablePage, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useBoards } from "../api";
import { TicketTable } from "../components/TicketTable";
import { boardPath, DEFAULT_BOARD_ID, newTicketPath } from "../paths";

/** The create button, for those who may create tickets. */
export function NewTicketButton({
  organizationId,
  deviceId,
}: {
  organizationId?: number;
  deviceId?: number;
}) {
  const t = useT();
  const can = useCan();
  if (!can("ticketing.manage")) return null;
  return (
    <Button
      component={Link}
      to={newTicketPath({ ...(organizationId ? { organizationId } : {}), ...(deviceId ? { deviceId } : {}) })}
      leftSection={<IconPlus size={16} />}
    >
      {t("ticketing.ticket.newTicket")}
    </Button>
  );
}

/** The boards as links with their counts above the chosen board's tickets. */
function Board({ boardId }: { boardId: number }) {
  const t = useT();
  const boards = useBoards();
  const board = boards.data?.items.find((b) => b.id === boardId);

  return (
    <Stack gap="md">
      <PageHeader
        title={board?.name ?? t("ticketing.routes.board")}
        description={t("ticketing.routes.boards")}
        actions={<NewTicketButton />}
      />
      {boards.isPending ? (
        <LoadingState label={t("ticketing.boards.loading")} />
      ) : boards.isError ? (
        <ErrorState
          title={t("ticketing.boards.loadError")}
          error={boards.error}
          onRetry={() => void boards.refetch()}
        />
      ) : !board ? (
        <ErrorState title={t("ticketing.boards.loadError")} error={null} />
      ) : (
        <>
          <Group gap="xs" role="navigation" aria-label={t("ticketing.boards.listLabel")}>
            {boards.data.items.map((b) => (
              <Button
                key={b.id}
                component={Link}
                to={boardPath(b.id)}
                size="compact-sm"
                variant={b.id === boardId ? "filled" : "default"}
                aria-current={b.id === boardId ? "page" : undefined}
                rightSection={
                  <Badge size="sm" variant={b.id === boardId ? "white" : "light"} circle={b.count < 10}>
                    {b.count}
                  </Badge>
                }
              >
                {b.name}
              </Button>
            ))}
          </Group>
          <TicketTable key={board.id} boardId={board.id} boardName={board.name} columns={board.columns} />
        </>
      )}
    </Stack>
  );
}

/** /ticketing/board/:id: one board. */
export function BoardPage() {
  const { id } = useParams();
  return <Board boardId={parseId(id) ?? DEFAULT_BOARD_ID} />;
}

/** /ticketing: the default board; other ticketing areas are not built yet. */
export function TicketingHomePage() {
  const params = useParams();
  if (params["*"]) return <NotAvailablePage />;
  return <Board boardId={DEFAULT_BOARD_ID} />;
}
