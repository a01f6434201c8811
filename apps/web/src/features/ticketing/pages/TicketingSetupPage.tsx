import { useState } from "react";
import { Badge, Button, Group, NumberInput, Paper, Stack, Table, Tabs, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { TICKET_VALUE_KINDS, type TicketValue, type TicketValueKind } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import {
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  ErrorState,
  ListTable,
  LoadingState,
  PageHeader,
  RowActions,
  confirmDelete,
} from "../../../ui";
import {
  useDeleteTicketValue,
  useSaveTicketingSettings,
  useTicketingSettings,
  useTicketValues,
} from "../api";
import { TicketValueDialog } from "../components/TicketValueDialog";
import { useStatusText } from "../components/status-text";

function ValueList({ kind, items }: { kind: TicketValueKind; items: TicketValue[] }) {
  const t = useT();
  const remove = useDeleteTicketValue();
  const statusText = useStatusText();
  const [editing, setEditing] = useState<TicketValue | null>(null);
  const [open, setOpen] = useState(false);
  const list = t(`ticketing.kinds.${kind}`);
  const openDialog = (value: TicketValue | null) => {
    setEditing(value);
    setOpen(true);
  };
  const handleDelete = (v: TicketValue) =>
    confirmDelete({
      title: t("ticketing.setup.deleteTitle"),
      message: t("ticketing.setup.deleteMessage", { name: statusText.value(v) }),
      remove: (done) => remove.mutate(v.id, done),
      deletedMessage: t("ticketing.setup.deleted", { name: v.name }),
      errorTitle: t("ticketing.setup.deleteError"),
    });
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} variant="default" onClick={() => openDialog(null)}>
      {t("ticketing.setup.add")}
    </Button>
  );
  return (
    <Stack gap="sm" pt="sm">
      <Group justify="flex-end">{addButton}</Group>
      {items.length === 0 ? (
        <EmptyState title={t("ticketing.setup.empty")} description={t("ticketing.setup.emptyDescription")} />
      ) : (
        <Paper withBorder radius="md">
          <ListTable caption={t("ticketing.setup.tableLabel", { list })} minWidth={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ticketing.setup.name")}</Table.Th>
                {kind === "STATUS" ? <Table.Th>{t("ticketing.setup.stateType")}</Table.Th> : null}
                <Table.Th>{t("ticketing.setup.position")}</Table.Th>
                <Table.Th aria-label={t("common.fields.actions")} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Group gap={6}>
                      {statusText.value(v)}
                      {v.builtIn ? (
                        <Badge size="xs" variant="light" color="gray">
                          {t("ticketing.setup.builtIn")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {kind === "STATUS" ? (
                    <Table.Td>{v.stateType ? t(`ticketing.states.${v.stateType}`) : "—"}</Table.Td>
                  ) : null}
                  <Table.Td>{v.position}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <EditIconButton name={v.name} onClick={() => openDialog(v)} />
                      {v.builtIn ? null : <DeleteIconButton name={v.name} onClick={() => handleDelete(v)} />}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Paper>
      )}
      {open ? (
        <TicketValueDialog
          key={editing?.id ?? "new"}
          kind={kind}
          value={editing}
          opened
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

function ClosingSettings() {
  const t = useT();
  const settings = useTicketingSettings();
  const save = useSaveTicketingSettings();
  const [hours, setHours] = useState<number | string | null>(null);
  if (!settings.data) return null;
  const value = hours ?? settings.data.closeResolvedAfterHours;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {t("ticketing.setup.closingTitle")}
      </Title>
      <Group align="flex-end">
        <NumberInput
          label={t("ticketing.setup.closeAfter")}
          description={t("ticketing.setup.closeAfterHelp")}
          min={0}
          max={8760}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setHours}
          w={420}
        />
        <Button
          loading={save.isPending}
          disabled={value === "" || Number(value) === settings.data.closeResolvedAfterHours}
          onClick={() =>
            save.mutate(
              { closeResolvedAfterHours: Number(value) },
              {
                onSuccess: () =>
                  notifications.show({ color: "teal", message: t("ticketing.setup.settingsSaved") }),
                onError: (e) =>
                  notifications.show({
                    color: "red",
                    title: t("ticketing.ticket.saveError"),
                    message: describeError(e),
                  }),
              },
            )
          }
        >
          {t("ticketing.setup.saveSettings")}
        </Button>
      </Group>
    </Paper>
  );
}

/** /administration/ticketing: the setup value lists and when resolved tickets close. */
export function TicketingSetupPage() {
  const t = useT();
  const values = useTicketValues();
  return (
    <Stack gap="md">
      <PageHeader title={t("ticketing.routes.setup")} description={t("ticketing.setup.description")} />
      {values.isPending ? (
        <LoadingState label={t("ticketing.setup.loading")} />
      ) : values.isError ? (
        <ErrorState
          title={t("ticketing.setup.loadError")}
          error={values.error}
          onRetry={() => void values.refetch()}
        />
      ) : (
        <>
          <Tabs defaultValue="STATUS" aria-label={t("ticketing.setup.listsLabel")}>
            <Tabs.List>
              {TICKET_VALUE_KINDS.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {t(`ticketing.kinds.${kind}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TICKET_VALUE_KINDS.map((kind) => (
              <Tabs.Panel key={kind} value={kind}>
                <ValueList kind={kind} items={values.data[kind] ?? []} />
              </Tabs.Panel>
            ))}
          </Tabs>
          <ClosingSettings />
        </>
      )}
    </Stack>
  );
}
