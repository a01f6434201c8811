import { useState } from "react";
import { Badge, Button, Modal, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconList, IconPlus, IconSend } from "@tabler/icons-react";
import type { NotificationChannel } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import {
  confirmDelete,
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  PageHeader,
  RowAction,
  RowActions,
  TableCard,
} from "../../../ui";
import { useCan } from "../../auth";
import { useChannels, useDeleteChannel, useDeliveries, useSendTest } from "./api";
import { ChannelFormModal } from "./ChannelFormModal";
import { channelTypeText, outcomeColor, outcomeText } from "./labels";

/** /administration/apps/notificationChannels: where alerts and other events are sent. */
export function NotificationChannelsPage() {
  const t = useT();
  const can = useCan();
  const canWrite = can("settings.manage");
  const channels = useChannels();
  const remove = useDeleteChannel();
  const test = useSendTest();
  const [editing, setEditing] = useState<NotificationChannel | null>(null);
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<NotificationChannel | null>(null);

  const handleDelete = (channel: NotificationChannel) =>
    confirmDelete({
      title: t("integrations.channels.delete.title"),
      message: t("integrations.channels.delete.message", { name: channel.name }),
      remove: (done) => remove.mutate(channel.id, done),
      deletedMessage: t("integrations.channels.delete.deleted", { name: channel.name }),
      errorTitle: t("integrations.channels.delete.error"),
    });

  const handleTest = (channel: NotificationChannel) =>
    test.mutate(channel.id, {
      onSuccess: (delivery) =>
        notifications.show(
          delivery.outcome === "DELIVERED"
            ? { color: "teal", message: t("integrations.channels.test.delivered", { name: channel.name }) }
            : {
                color: "red",
                title: t("integrations.channels.test.failed", { name: channel.name }),
                message: delivery.error ?? t(outcomeText[delivery.outcome]),
              },
        ),
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("integrations.channels.test.failed", { name: channel.name }),
          message: describeError(error),
        }),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("integrations.channels.title")}
        description={t("integrations.channels.description")}
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("integrations.channels.newChannel")}
            </Button>
          ) : null
        }
      />
      {channels.isPending ? (
        <LoadingState label={t("integrations.channels.loading")} />
      ) : channels.isError ? (
        <ErrorState
          title={t("integrations.channels.loadError")}
          error={channels.error}
          onRetry={() => void channels.refetch()}
        />
      ) : channels.data.length === 0 ? (
        <EmptyState
          title={t("integrations.channels.emptyTitle")}
          description={t("integrations.channels.emptyDescription")}
        />
      ) : (
        <TableCard minWidth={760} caption={t("integrations.channels.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.fields.name")}</Table.Th>
              <Table.Th>{t("common.fields.type")}</Table.Th>
              <Table.Th>{t("integrations.channels.target")}</Table.Th>
              <Table.Th>{t("integrations.channels.status")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("common.fields.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {channels.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.name}
                  </Text>
                </Table.Td>
                <Table.Td>{t(channelTypeText[c.type])}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {c.type === "EMAIL" ? c.recipients.join(", ") : c.urlHint}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={c.enabled ? "teal" : "gray"}>
                    {c.enabled ? t("integrations.channels.enabled") : t("integrations.channels.disabled")}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    <RowAction
                      tooltip={t("integrations.channels.log.open")}
                      label={t("integrations.channels.log.openNamed", { name: c.name })}
                      icon={<IconList size={16} />}
                      onClick={() => setLogOf(c)}
                    />
                    {canWrite ? (
                      <>
                        <RowAction
                          tooltip={t("integrations.channels.test.send")}
                          label={t("integrations.channels.test.sendNamed", { name: c.name })}
                          icon={<IconSend size={16} />}
                          loading={test.isPending && test.variables === c.id}
                          onClick={() => handleTest(c)}
                        />
                        <EditIconButton name={c.name} onClick={() => setEditing(c)} />
                        <DeleteIconButton name={c.name} onClick={() => handleDelete(c)} />
                      </>
                    ) : null}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
      <ChannelFormModal
        channel={editing}
        opened={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <Modal
        opened={logOf !== null}
        onClose={() => setLogOf(null)}
        title={logOf ? t("integrations.channels.log.title", { name: logOf.name }) : ""}
        size="xl"
      >
        {logOf ? <DeliveryLog channel={logOf} /> : null}
      </Modal>
    </Stack>
  );
}

function DeliveryLog({ channel }: { channel: NotificationChannel }) {
  const t = useT();
  const log = useDeliveries(channel.id);
  if (log.isPending) return <LoadingState label={t("integrations.channels.log.loading")} />;
  if (log.isError)
    return (
      <ErrorState
        title={t("integrations.channels.log.loadError")}
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  if (log.data.length === 0) return <EmptyState title={t("integrations.channels.log.empty")} />;
  return (
    <TableCard minWidth={640} caption={t("integrations.channels.log.title", { name: channel.name })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("integrations.channels.log.time")}</Table.Th>
          <Table.Th>{t("integrations.channels.log.event")}</Table.Th>
          <Table.Th>{t("integrations.channels.log.outcome")}</Table.Th>
          <Table.Th>{t("integrations.channels.log.detail")}</Table.Th>
          <Table.Th>{t("integrations.channels.log.attempts")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {log.data.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{formatDateTime(d.at)}</Table.Td>
            <Table.Td>
              <Text size="sm">{d.event}</Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {d.summary}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={outcomeColor[d.outcome]}>
                {t(outcomeText[d.outcome])}
              </Badge>
            </Table.Td>
            <Table.Td>
              {d.httpStatus !== null
                ? t("integrations.channels.log.httpStatus", { status: d.httpStatus })
                : null}
              {d.error && d.error !== `HTTP ${d.httpStatus}` ? (
                <Text size="xs" c="red">
                  {d.error}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{d.attempts}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}
