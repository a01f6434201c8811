import type { FormEvent, ReactNode } from "react";
import { Button, Group, Paper, Stack } from "@mantine/core";
import { useT } from "../i18n";

interface FormCardProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A settings-style form on a bordered card: fields stacked, the browser's own validation off. */
export function FormCard({ onSubmit, children }: FormCardProps) {
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
      </form>
    </Paper>
  );
}

interface SaveBarProps {
  /** Whether the draft differs from what is saved. */
  dirty: boolean;
  /** Whether a save is under way. */
  saving: boolean;
  /** Puts the saved values back. */
  onDiscard: () => void;
}

/** "Discard changes" and "Save" (the form's submit button) on the right, enabled while there are changes. */
export function SaveBar({ dirty, saving, onDiscard }: SaveBarProps) {
  const t = useT();
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
        {t("ui.saveBar.discard")}
      </Button>
      <Button type="submit" disabled={!dirty} loading={saving}>
        {t("common.actions.save")}
      </Button>
    </Group>
  );
}
