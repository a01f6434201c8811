import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";

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
  confirmLabel = "Delete",
}: ConfirmActionOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: "Cancel" },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
