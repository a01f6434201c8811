import { useState } from "react";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { acknowledgeAlertBody, resetAlertBody, type AlertView } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useAlertAction, type AlertAction } from "../api";

interface AlertNoteDialogProps {
  /** What to do; null keeps the dialog closed. */
  action: AlertAction | null;
  alerts: AlertView[];
  onClose: () => void;
  /** Called after the server answered yes (e.g. to clear a selection). */
  onDone?: () => void;
}

/** Acknowledge or reset one alert or several, with an optional note for the history and activities. */
export function AlertNoteDialog({ action, alerts, onClose, onDone }: AlertNoteDialogProps) {
  const t = useT();
  const many = alerts.length > 1;
  const title =
    action === "reset"
      ? many
        ? t("alerts.dialog.resetManyTitle", { count: alerts.length })
        : t("alerts.dialog.resetTitle")
      : many
        ? t("alerts.dialog.acknowledgeManyTitle", { count: alerts.length })
        : t("alerts.dialog.acknowledgeTitle");
  return (
    <Modal opened={action !== null} onClose={onClose} title={title} centered>
      {action !== null ? (
        <NoteForm action={action} alerts={alerts} onClose={onClose} onDone={onDone} />
      ) : null}
    </Modal>
  );
}

function NoteForm({
  action,
  alerts,
  onClose,
  onDone,
}: { action: AlertAction } & Omit<AlertNoteDialogProps, "action">) {
  const t = useT();
  const run = useAlertAction();
  const form = useContractForm<{ note: string }>(action === "reset" ? resetAlertBody : acknowledgeAlertBody, {
    initialValues: { note: "" },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const only = alerts.length === 1 ? alerts[0] : undefined;

  const handleSubmit = ({ note }: { note: string }) => {
    setSubmitError(null);
    run.mutate(
      { action, alerts, note: note.trim() },
      {
        onSuccess: (result) => {
          notifications.show({
            color: "teal",
            message: t(action === "reset" ? "alerts.dialog.resetDone" : "alerts.dialog.acknowledged", {
              count: result.done,
            }),
          });
          if (result.notFound.length > 0)
            notifications.show({
              color: "yellow",
              message: t("alerts.dialog.gone", { count: result.notFound.length }),
            });
          onDone?.();
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        {only ? (
          <Text size="sm" fw={600}>
            {t("alerts.dialog.subject", { name: only.condition.name, device: only.device.name })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t(action === "reset" ? "alerts.dialog.resetText" : "alerts.dialog.acknowledgeText")}
        </Text>
        <Textarea
          label={t("alerts.dialog.note")}
          placeholder={t("alerts.dialog.notePlaceholder")}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps("note")}
        />
        <FormError message={submitError ? t("alerts.dialog.error", { reason: submitError }) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" color={action === "reset" ? "red" : undefined} loading={run.isPending}>
            {t(action === "reset" ? "alerts.actions.reset" : "alerts.actions.acknowledge")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
