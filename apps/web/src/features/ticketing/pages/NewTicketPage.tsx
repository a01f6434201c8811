import { useState } from "react";
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { createTicketRequest, type Ticket, type TicketValueKind } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { ErrorState, FormError, LoadingState, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useCreateTicket, useTicketChoices, useTicketValues } from "../api";
import { plainTextToHtml } from "../components/rich-text";
import { useStatusText } from "../components/status-text";
import { boardPath, ticketPath } from "../paths";

interface TicketValues extends Record<string, unknown> {
  organizationId: string | null;
  subject: string;
  description: string;
  statusId: string | null;
  priorityId: string | null;
  severityId: string | null;
  impactId: string | null;
  typeId: string | null;
  serviceBoardId: string | null;
  assigneeId: string | null;
  tags: string[];
  requesterName: string;
  requesterEmail: string;
  cc: string[];
}

const idOf = (v: string | null) => (v ? Number(v) : undefined);

/** The request the form's values make (the device comes from the page that led here). */
const requestOf = (v: TicketValues, deviceId: number | null) => ({
  organizationId: idOf(v.organizationId),
  subject: v.subject,
  descriptionHtml: plainTextToHtml(v.description),
  statusId: idOf(v.statusId),
  priorityId: idOf(v.priorityId),
  severityId: idOf(v.severityId),
  impactId: idOf(v.impactId),
  typeId: idOf(v.typeId),
  serviceBoardId: idOf(v.serviceBoardId),
  assigneeId: idOf(v.assigneeId),
  tags: v.tags,
  requesterName: v.requesterName,
  requesterEmail: v.requesterEmail,
  cc: v.cc,
  ...(deviceId ? { deviceId } : {}),
});

const valueSelects: { kind: TicketValueKind; field: string; label: MessageKey }[] = [
  { kind: "STATUS", field: "statusId", label: "ticketing.form.status" },
  { kind: "PRIORITY", field: "priorityId", label: "ticketing.form.priority" },
  { kind: "SEVERITY", field: "severityId", label: "ticketing.form.severity" },
  { kind: "IMPACT", field: "impactId", label: "ticketing.form.impact" },
  { kind: "TYPE", field: "typeId", label: "ticketing.form.type" },
  { kind: "SERVICE_BOARD", field: "serviceBoardId", label: "ticketing.form.serviceBoard" },
];

/** /ticketing/new: a new ticket, optionally for an organization and device given in the address. */
export function NewTicketPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const deviceId = parseId(params.get("deviceId"));
  const organizationId = parseId(params.get("organizationId"));
  const values = useTicketValues();
  const statusText = useStatusText();
  const choices = useTicketChoices(can("technicians.read"));
  const create = useCreateTicket();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const schema = z.preprocess((v) => requestOf(v as TicketValues, deviceId), createTicketRequest);
  const form = useContractForm<TicketValues>(schema, {
    initialValues: {
      organizationId: organizationId ? String(organizationId) : null,
      subject: "",
      description: "",
      statusId: null,
      priorityId: null,
      severityId: null,
      impactId: null,
      typeId: null,
      serviceBoardId: null,
      assigneeId: null,
      tags: [],
      requesterName: "",
      requesterEmail: "",
      cc: [],
    },
  });

  const handleSubmit = (v: TicketValues) => {
    setSubmitError(null);
    create.mutate(createTicketRequest.parse(requestOf(v, deviceId)), {
      onSuccess: (ticket: Ticket) => {
        notifications.show({ color: "teal", message: t("ticketing.form.created", { id: ticket.id }) });
        void navigate(ticketPath(ticket.id));
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
      },
    });
  };

  if (values.isPending || choices.isPending) return <LoadingState />;
  if (choices.isError || values.isError)
    return (
      <ErrorState
        title={t("ticketing.form.choicesError")}
        error={choices.error ?? values.error}
        onRetry={() => void Promise.all([choices.refetch(), values.refetch()])}
      />
    );

  return (
    <Stack gap="md" maw={880}>
      <PageHeader title={t("ticketing.routes.newTicket")} description={t("ticketing.form.description")} />
      <Paper withBorder radius="md" p="md">
        <form onSubmit={form.onSubmit(handleSubmit)} aria-label={t("ticketing.form.formName")} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={2}>
              <Select
                label={t("ticketing.form.organization")}
                data={choices.data.organizations}
                searchable
                withAsterisk
                {...form.getInputProps("organizationId")}
              />
              <Select
                label={t("ticketing.form.assignee")}
                data={choices.data.technicians}
                placeholder={t("ticketing.table.unassigned")}
                searchable
                clearable
                {...form.getInputProps("assigneeId")}
              />
            </SimpleGrid>
            <TextInput
              label={t("ticketing.form.subject")}
              withAsterisk
              maxLength={200}
              {...form.getInputProps("subject")}
            />
            <Textarea
              label={t("ticketing.form.body")}
              description={t("ticketing.form.bodyHelp")}
              autosize
              minRows={4}
              maxRows={14}
              {...form.getInputProps("description")}
            />
            <SimpleGrid cols={3}>
              {valueSelects.map(({ kind, field, label }) => (
                <Select
                  key={kind}
                  label={t(label)}
                  data={(values.data[kind] ?? []).map((v) => ({
                    value: String(v.id),
                    label: statusText.value(v),
                  }))}
                  placeholder={t("ticketing.ticket.none")}
                  clearable
                  {...form.getInputProps(field)}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={2}>
              <TextInput label={t("ticketing.form.requesterName")} {...form.getInputProps("requesterName")} />
              <TextInput
                label={t("ticketing.form.requesterEmail")}
                {...form.getInputProps("requesterEmail")}
              />
              <TagsInput label={t("ticketing.form.tags")} maxTags={20} {...form.getInputProps("tags")} />
              <TagsInput
                label={t("ticketing.form.cc")}
                description={t("ticketing.form.ccHelp")}
                maxTags={20}
                {...form.getInputProps("cc")}
              />
            </SimpleGrid>
            <FormError message={submitError} />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t("ticketing.form.submit")}
              </Button>
              <Button variant="default" component={Link} to={boardPath()}>
                {t("ticketing.form.cancel")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
