import { useState } from "react";
import { Button, Paper, Select, Stack, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Ticket, TicketValueKind, UpdateTicketRequest } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { useTicketChoices, useTicketValues, useUpdateTicket } from "../api";
import { useStatusText } from "./status-text";

/** The value lists a ticket's fields choose from, with the field each sets. */
const valueFields: { kind: TicketValueKind; key: keyof UpdateTicketRequest; label: MessageKey }[] = [
  { kind: "STATUS", key: "statusId", label: "ticketing.form.status" },
  { kind: "PRIORITY", key: "priorityId", label: "ticketing.form.priority" },
  { kind: "SEVERITY", key: "severityId", label: "ticketing.form.severity" },
  { kind: "IMPACT", key: "impactId", label: "ticketing.form.impact" },
  { kind: "TYPE", key: "typeId", label: "ticketing.form.type" },
  { kind: "SERVICE_BOARD", key: "serviceBoardId", label: "ticketing.form.serviceBoard" },
];

const currentOf = (ticket: Ticket, kind: TicketValueKind) =>
  ({
    STATUS: ticket.status,
    PRIORITY: ticket.priority,
    SEVERITY: ticket.severity,
    IMPACT: ticket.impact,
    TYPE: ticket.type,
    SERVICE_BOARD: ticket.serviceBoard,
  })[kind];

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * A ticket's fields: each choice is saved as soon as it is made (and lands in the history); the
 * subject has its own save button. Read-only for technicians who may not change tickets.
 */
export function TicketDetailsCard({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const can = useCan();
  const editable = can("ticketing.manage");
  const values = useTicketValues();
  const statusText = useStatusText();
  const choices = useTicketChoices(can("technicians.read"));
  const update = useUpdateTicket(ticket.id);
  const [subject, setSubject] = useState(ticket.subject);

  const save = (body: UpdateTicketRequest) =>
    update.mutate(body, {
      onSuccess: () => notifications.show({ color: "teal", message: t("ticketing.ticket.saved") }),
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("ticketing.ticket.saveError"),
          message: describeError(error),
        }),
    });
  const idOf = (v: string | null) => (v === null ? null : Number(v));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>{t("ticketing.ticket.details")}</Title>
        {editable ? (
          <Stack gap={6} align="flex-start">
            <TextInput
              label={t("ticketing.ticket.subject")}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              maxLength={200}
              w="100%"
            />
            <Button
              variant="default"
              size="xs"
              disabled={subject.trim() === "" || subject === ticket.subject}
              onClick={() => save({ subject })}
            >
              {t("ticketing.ticket.saveSubject")}
            </Button>
          </Stack>
        ) : null}
        {valueFields.map(({ kind, key, label }) => {
          const current = currentOf(ticket, kind);
          const options = (values.data?.[kind] ?? []).map((v) => ({
            value: String(v.id),
            label: statusText.value(v),
          }));
          if (current && !options.some((o) => o.value === String(current.id)))
            options.push({ value: String(current.id), label: current.name });
          return (
            <Select
              key={kind}
              label={t(label)}
              data={options}
              value={current ? String(current.id) : null}
              placeholder={t("ticketing.ticket.none")}
              clearable={kind !== "STATUS"}
              allowDeselect={kind !== "STATUS"}
              disabled={!editable}
              onChange={(v) => save({ [key]: idOf(v) } as UpdateTicketRequest)}
            />
          );
        })}
        <Select
          label={t("ticketing.form.assignee")}
          data={[
            ...(choices.data?.technicians ?? []),
            ...(ticket.assignee &&
            !choices.data?.technicians.some((o) => o.value === String(ticket.assignee!.id))
              ? [{ value: String(ticket.assignee.id), label: ticket.assignee.name }]
              : []),
          ]}
          value={ticket.assignee ? String(ticket.assignee.id) : null}
          placeholder={t("ticketing.table.unassigned")}
          clearable
          searchable
          disabled={!editable}
          onChange={(v) => save({ assigneeId: idOf(v) })}
        />
        <TagsInput
          label={t("ticketing.form.tags")}
          value={ticket.tags}
          disabled={!editable}
          maxTags={20}
          onChange={(tags) => save({ tags })}
        />
        <ReadOnly label={t("ticketing.ticket.organization")} value={ticket.organization.name} />
        <ReadOnly
          label={t("ticketing.ticket.device")}
          value={ticket.device?.name ?? t("ticketing.ticket.none")}
        />
        <ReadOnly
          label={t("ticketing.ticket.requester")}
          value={
            [ticket.requesterName, ticket.requesterEmail].filter(Boolean).join(" · ") ||
            t("ticketing.ticket.none")
          }
        />
        <ReadOnly label={t("ticketing.ticket.source")} value={t(`ticketing.sources.${ticket.source}`)} />
        <Text size="xs" c="dimmed">
          {t("ticketing.ticket.created", { time: formatDateTime(ticket.createdAt) })}
        </Text>
      </Stack>
    </Paper>
  );
}
