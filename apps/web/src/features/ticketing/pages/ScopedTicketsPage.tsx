import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { useT, type MessageKey } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { ErrorState, LoadingState, PageHeader } from "../../../ui";
import { useBoard } from "../api";
import { TicketTable } from "../components/TicketTable";
import { DEFAULT_BOARD_ID } from "../paths";
import { NewTicketButton } from "./BoardPage";

/** The default board narrowed to one organization or device, with a create button filled in for it. */
function ScopedTickets({
  title,
  organizationId,
  deviceId,
}: {
  title: MessageKey;
  organizationId?: number;
  deviceId?: number;
}) {
  const t = useT();
  const board = useBoard(DEFAULT_BOARD_ID);
  const scope = { ...(organizationId ? { organizationId } : {}), ...(deviceId ? { deviceId } : {}) };
  return (
    <Stack gap="md">
      <PageHeader title={t(title)} actions={<NewTicketButton {...scope} />} />
      {board.isPending ? (
        <LoadingState label={t("ticketing.table.loading")} />
      ) : board.isError ? (
        <ErrorState
          title={t("ticketing.table.loadError")}
          error={board.error}
          onRetry={() => void board.refetch()}
        />
      ) : (
        <TicketTable
          boardId={board.data.id}
          boardName={board.data.name}
          columns={board.data.columns.filter((c) => c !== (deviceId ? "device" : "organization"))}
          {...scope}
        />
      )}
    </Stack>
  );
}

/** /customerDashboard/:id/ticketing: an organization's tickets. */
export function OrganizationTicketsPage() {
  const id = parseId(useParams().id) ?? 0;
  return <ScopedTickets title="organizations.routes.ticketing" organizationId={id} />;
}

/** /deviceDashboard/:id/ticketing: a device's tickets. */
export function DeviceTicketsPage() {
  const id = parseId(useParams().id) ?? 0;
  return <ScopedTickets title="devices.routes.ticketingArea" deviceId={id} />;
}
