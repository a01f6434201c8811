import { Progress, Stack, Text } from "@mantine/core";
import type { BackupJobStatus } from "@steward/contracts";
import { useT } from "../../../i18n";
import { formatBytes } from "../../../ui";

/** A running or finished job's counts: files, bytes (of the total when known), rate and time left. */
export function JobProgress({ job }: { job: BackupJobStatus }) {
  const t = useT();
  const p = job.progress;
  if (!p) return null;
  const running = job.jobStatus === "START_REQUESTED" || job.jobStatus === "CANCEL_REQUESTED";
  const percent = p.totalBytes ? Math.min(100, (p.bytes / p.totalBytes) * 100) : null;
  return (
    <Stack gap={4} miw={180}>
      {running && percent !== null ? (
        <Progress value={percent} size="sm" aria-label={t("backup.jobs.progress")} />
      ) : null}
      <Text size="xs">
        {t("backup.jobs.progressText", {
          files: p.files,
          bytes: p.totalBytes
            ? t("backup.jobs.progressOf", { bytes: formatBytes(p.bytes), total: formatBytes(p.totalBytes) })
            : formatBytes(p.bytes),
          rate: formatBytes(p.bytesPerSecond),
        })}
      </Text>
      {running && p.etaSeconds !== null ? (
        <Text size="xs" c="dimmed">
          {t("backup.jobs.eta", { seconds: p.etaSeconds })}
        </Text>
      ) : null}
    </Stack>
  );
}
