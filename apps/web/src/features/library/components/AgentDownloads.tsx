import { Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { AgentDownloadArtifact } from "@steward/contracts";
import { useT } from "../../../i18n";
import { ErrorState, LoadingState } from "../../../ui";
import { useAgentDownloads } from "../api";

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Every built agent program and package with its SHA-256, linked for download. */
export function AgentDownloads() {
  const t = useT();
  const downloads = useAgentDownloads();
  if (downloads.isPending) return <LoadingState label={t("library.agentRelease.loading")} />;
  if (downloads.isError)
    return (
      <ErrorState
        title={t("library.agentRelease.loadError")}
        error={downloads.error}
        onRetry={() => void downloads.refetch()}
      />
    );
  const release = downloads.data;
  const kind = (a: AgentDownloadArtifact) => t(`library.agentRelease.kinds.${a.kind}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="agent-downloads">
      <Stack gap="sm">
        <Title order={4}>{t("library.agentRelease.title")}</Title>
        {!release.built ? (
          <Text size="sm" c="dimmed">
            {t("library.agentRelease.notBuilt")}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("library.agentRelease.description", { version: release.version ?? "" })}
            </Text>
            <Table.ScrollContainer minWidth={700}>
              <Table striped verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("library.agentRelease.file")}</Table.Th>
                    <Table.Th>{t("library.agentRelease.platform")}</Table.Th>
                    <Table.Th>{t("library.agentRelease.kind")}</Table.Th>
                    <Table.Th>{t("library.agentRelease.size")}</Table.Th>
                    <Table.Th>{t("library.agentRelease.sha256")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {release.artifacts.map((a) => (
                    <Table.Tr key={a.file} data-testid={`artifact-${a.file}`}>
                      <Table.Td>
                        <Anchor href={`${release.downloadBase}/${a.file}`} download={a.file}>
                          {a.file}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{a.target ?? t("library.agentRelease.allPlatforms")}</Table.Td>
                      <Table.Td>{kind(a)}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{megabytes(a.size)}</Table.Td>
                      <Table.Td>
                        <Text span ff="monospace" size="xs" style={{ wordBreak: "break-all" }}>
                          {a.sha256}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Anchor href={`${release.downloadBase}/SHA256SUMS`} size="sm">
              {t("library.agentRelease.checksums")}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
