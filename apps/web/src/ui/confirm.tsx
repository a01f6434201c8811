import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { translate } from "../i18n";

interface ConfirmActionOptions {
  title: string;
  message: string;
  onConfirm: () => void;
  confirmLabel?: string;
}

/** A confirmation before a destructive action (the confirm button in red). */
export function confirmAction({
  title,
  message,
  onConfirm,
  confirmLabel = translate("common.actions.delete"),
}: ConfirmActionOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: translate("common.actions.cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
