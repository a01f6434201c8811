import type { ReactNode } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { translate } from "../i18n";

export interface MessageDialogOptions {
  title: string;
  message: ReactNode;
  /** A second line (what the user can check or do). */
  note?: ReactNode;
  tone?: "error" | "info" | "warning";
  okLabel?: string;
}

// i18n-exempt: Mantine colour names
const colors = { error: "red", info: "blue", warning: "orange" } as const;

/** A modal with one OK button; resolves when it closes (OK, Escape or the close button). */
export function showMessageDialog({
  title,
  message,
  note,
  tone = "info",
  okLabel = translate("ui.dialogs.ok"),
}: MessageDialogOptions): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    const id = modals.open({
      title,
      centered: true,
      onClose: finish,
      children: (
        <Stack gap="sm">
          <Alert color={colors[tone]} variant="light" role={tone === "error" ? "alert" : "status"}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {message}
            </Text>
          </Alert>
          {note ? (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              color={colors[tone]}
              onClick={() => {
                modals.close(id);
                finish();
              }}
            >
              {okLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
