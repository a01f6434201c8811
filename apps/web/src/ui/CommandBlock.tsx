import { Code, Group, Paper, Stack, Text } from "@mantine/core";
import { CopyIconButton } from "./CopyIconButton";

interface CommandBlockProps {
  label: string;
  command: string;
  /** Accessible name of the copy button, e.g. "Copy Linux command". */
  copyLabel: string;
  testId?: string;
  hint?: string;
}

/** A command to paste into a terminal, shown whole (wrapped), with a copy button. */
export function CommandBlock({ label, command, copyLabel, testId, hint }: CommandBlockProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600} size="sm">
              {label}
            </Text>
            {hint ? (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            ) : null}
          </div>
          <CopyIconButton value={command} label={copyLabel} variant="light" color="blue" />
        </Group>
        <Code block data-testid={testId} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
          {command}
        </Code>
      </Stack>
    </Paper>
  );
}
