import { Button, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useParams } from "react-router";
import type { TicketDetail } from "@steward/contracts";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { ErrorState, LoadingState, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useTicket, useTicketValues, useUpdateTicket } from "../api";
import { SanitizedHtml, TicketConversation } from "../components/TicketConversation";
import { TicketDetailsCard } from "../components/TicketDetailsCard";
import { TicketHistory } from "../components/TicketHistory";
import { useStatusText } from "../components/status-text";

/** Resolves the ticket (its built-in Resolved status), for those who may change tickets. */
function ResolveButton({ detail }: { detail: TicketDetail }) {
  const t = useT();
  const can = useCan();
  const values = useTicketValues();
  const update = useUpdateTicket(detail.ticket.id);
  const resolved = values.data?.STATUS?.find((s) => s.builtIn && s.stateType === "RESOLVED");
  const state = detail.ticket.status.stateType;
  if (!can("ticketing.manage") || !resolved || state === "RESOLVED" || state === "CLOSED") return null;
  return (
    <Button
      leftSection={<IconCircleCheck size={16} />}
      color="green"
      loading={update.isPending}
      onClick={() => update.mutate({ statusId: resolved.id })}
    >
      {t("ticketing.ticket.resolve")}
    </Button>
  );
}

function TicketView({ detail }: { detail: TicketDetail }) {
  const t = useT();
  const { ticket } = detail;
  const statusText = useStatusText();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("ticketing.ticket.heading", { id: ticket.id, subject: ticket.subject })}
        description={t("ticketing.ticket.subtitle", {
          organization: ticket.organization.name,
          status: statusText.status(ticket.status),
        })}
        actions={<ResolveButton detail={detail} />}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="xs">
                {t("ticketing.ticket.description")}
              </Title>
              {ticket.descriptionHtml ? (
                <SanitizedHtml html={ticket.descriptionHtml} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t("ticketing.ticket.noDescription")}
                </Text>
              )}
            </Paper>
            <TicketConversation ticketId={ticket.id} comments={detail.comments} />
            <TicketHistory history={detail.history} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <TicketDetailsCard key={ticket.updatedAt} ticket={ticket} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /ticketing/ticket/:id: a ticket with its fields, conversation and history. */
export function TicketPage() {
  const t = useT();
  const id = parseId(useParams().id) ?? 0;
  const ticket = useTicket(id);
  if (ticket.isPending) return <LoadingState label={t("ticketing.ticket.loading")} />;
  if (ticket.isError)
    return (
      <ErrorState
        title={t("ticketing.ticket.loadError")}
        error={ticket.error}
        onRetry={() => void ticket.refetch()}
      />
    );
  return <TicketView detail={ticket.data} />;
}
