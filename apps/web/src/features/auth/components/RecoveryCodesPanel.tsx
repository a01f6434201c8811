import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconDownload, IconAlertTriangle } from "@tabler/icons-react";
import { useT, type Translate } from "../../../i18n";
import { formatDateTime } from "../../../ui";

interface RecoveryCodesPanelProps {
  codes: string[];
  onContinue: () => void;
  continuing?: boolean;
}

const FILE_NAME = "steward-recovery-codes.txt";

/** Saves the codes as a text file, with a heading and a hint in the reader's language. */
function download(t: Translate, codes: string[]): void {
  const text = [
    t("auth.recovery.fileHeading"),
    t("auth.recovery.fileGenerated", { at: formatDateTime(new Date()) }),
    t("auth.recovery.fileHint"),
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = FILE_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown exactly once right after enrollment. */
export function RecoveryCodesPanel({ codes, onContinue, continuing }: RecoveryCodesPanelProps) {
  const t = useT();
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t("auth.recovery.title")}
      >
        {t("auth.recovery.warning")}
      </Alert>
      <Paper withBorder p="md" radius="md" bg="var(--steward-page-background)">
        <SimpleGrid
          cols={2}
          spacing="xs"
          data-testid="recovery-codes"
          aria-label={t("auth.recovery.listLabel")}
        >
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
              {copied ? t("common.actions.copied") : t("auth.recovery.copy")}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(t, codes)}>
          {t("auth.recovery.download")}
        </Button>
      </Group>
      <Button onClick={onContinue} loading={continuing ?? false}>
        {t("auth.recovery.continue")}
      </Button>
    </Stack>
  );
}
