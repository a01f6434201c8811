import { Badge, Button, Table, Text } from "@mantine/core";
import type { BackupJobStatus } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  TableCard,
  formatDateTime,
  showMessageDialog,
} from "../../../ui";
import { useBackupActions, useBackupJobs, type BackupScope } from "../api";
import { JobProgress } from "./JobProgress";
import { isForbidden } from "./forbidden";

const statusKey = (job: BackupJobStatus): MessageKey =>
  job.jobStatus === "COMPLETED"
    ? job.jobResult === "SUCCESS"
      ? "backup.jobs.jobStatus.SUCCESS"
      : "backup.jobs.jobStatus.FAILURE"
    : (`backup.jobs.jobStatus.${job.jobStatus}` as MessageKey);

const statusColor = (job: BackupJobStatus) =>
  job.jobStatus === "COMPLETED"
    ? job.jobResult === "SUCCESS"
      ? "green"
      : "red"
    : job.jobStatus === "CANCELLED"
      ? "gray"
      : "blue";

/** Backup and restore jobs with their live progress; running ones can be cancelled. */
export function JobsTable({ scope }: { scope: BackupScope }) {
  const t = useT();
  const jobs = useBackupJobs(scope);
  const { cancel } = useBackupActions();
  if (jobs.isPending) return <LoadingState />;
  if (jobs.isError) {
    if (isForbidden(jobs.error)) return <EmptyState title={t("backup.states.noPermission")} />;
    return (
      <ErrorState
        title={t("backup.states.loadError")}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
      />
    );
  }
  if (jobs.data.length === 0)
    return <EmptyState title={t("backup.jobs.empty")} description={t("backup.jobs.emptyHint")} />;
  const handleCancel = (jobUid: string) =>
    cancel.mutate(jobUid, {
      onError: (error) =>
        void showMessageDialog({
          title: t("backup.jobs.cancelError"),
          message: describeError(error),
          tone: "error",
        }),
    });
  return (
    <TableCard caption={t("backup.jobs.caption")} minWidth={760} testId="backup-jobs">
      <Table.Thead>
        <Table.Tr>
          {scope.kind !== "device" ? <Table.Th>{t("backup.jobs.device")}</Table.Th> : null}
          <Table.Th>{t("backup.jobs.action")}</Table.Th>
          <Table.Th>{t("backup.jobs.plan")}</Table.Th>
          <Table.Th>{t("backup.jobs.status")}</Table.Th>
          <Table.Th>{t("backup.jobs.progress")}</Table.Th>
          <Table.Th>{t("backup.jobs.started")}</Table.Th>
          <Table.Th>{t("backup.jobs.actions")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.data.map((job) => (
          <Table.Tr key={job.jobUid} data-testid={`backup-job-${job.jobUid}`}>
            {scope.kind !== "device" ? <Table.Td>{job.nodeName}</Table.Td> : null}
            <Table.Td>{t(`backup.jobs.actionTypes.${job.actionType}` as MessageKey)}</Table.Td>
            <Table.Td>{job.planName}</Table.Td>
            <Table.Td>
              <Badge color={statusColor(job)} variant="light">
                {t(statusKey(job))}
              </Badge>
              {job.errorMessage && job.jobResult !== "SUCCESS" ? (
                <Text size="xs" c="red">
                  {job.errorMessage}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <JobProgress job={job} />
            </Table.Td>
            <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
            <Table.Td>
              {job.jobStatus === "START_REQUESTED" ? (
                <Button size="xs" variant="default" onClick={() => handleCancel(job.jobUid)}>
                  {t("backup.jobs.cancel")}
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}
