import type { ReactNode } from "react";
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconInbox } from "@tabler/icons-react";
import { describeError } from "../api";
import { useT } from "../i18n";

export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {label ?? t("common.states.loading")}
        </Text>
      </Group>
    </Center>
  );
}

interface ErrorStateProps {
  /** What could not be done, e.g. "Could not load organizations". */
  title: string;
  error: unknown;
  onRetry?: () => void;
}

/** Says what happened and offers to try again. */
export function ErrorState({ title, error, onRetry }: ErrorStateProps) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t("ui.states.tryAgain")}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

/** An empty list that says what to do next. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" py="md">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Title order={4}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm" ta="center" maw={520}>
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}

/** A failed form submission, shown above the buttons. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
      {message}
    </Alert>
  );
}
