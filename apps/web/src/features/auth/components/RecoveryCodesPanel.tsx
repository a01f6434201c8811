import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconDownload, IconAlertTriangle } from "@tabler/icons-react";

interface RecoveryCodesPanelProps {
  codes: string[];
  onContinue: () => void;
  continuing?: boolean;
}

function download(codes: string[]): void {
  const text = [
    "Steward recovery codes",
    `Generated ${new Date().toISOString()}`,
    "Each code can be used once to sign in without your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "steward-recovery-codes.txt";
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown exactly once right after enrollment. */
export function RecoveryCodesPanel({ codes, onContinue, continuing }: RecoveryCodesPanelProps) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Save your recovery codes"
      >
        If you lose your phone, these codes are the only way to sign in. Each works once. They will not be
        shown again.
      </Alert>
      <Paper withBorder p="md" radius="md" bg="var(--steward-page-background)">
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <Text key={code} ff="monospace" fz="md">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow>
        <CopyButton value={codes.join("\n")}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? "Copied" : "Copy codes"}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes)}>
          Download codes
        </Button>
      </Group>
      <Button onClick={onContinue} loading={continuing ?? false}>
        Continue
      </Button>
    </Stack>
  );
}
