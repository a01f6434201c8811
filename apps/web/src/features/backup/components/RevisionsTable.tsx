import { Button, Table } from "@mantine/core";
import type { BackupRevision } from "@steward/contracts";
import { useT } from "../../../i18n";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  TableCard,
  formatBytes,
  formatDateTime,
  formatNumber,
} from "../../../ui";
import { useRevisions } from "../api";
import { isForbidden } from "./forbidden";

/** A device's revisions, newest first; each one can start a restore. */
export function RevisionsTable({
  deviceId,
  onRestore,
}: {
  deviceId: number;
  onRestore: (revision: BackupRevision) => void;
}) {
  const t = useT();
  const revisions = useRevisions(deviceId);
  if (revisions.isPending) return <LoadingState />;
  if (revisions.isError) {
    if (isForbidden(revisions.error)) return <EmptyState title={t("backup.states.noPermission")} />;
    return (
      <ErrorState
        title={t("backup.states.loadError")}
        error={revisions.error}
        onRetry={() => void revisions.refetch()}
      />
    );
  }
  if (revisions.data.length === 0)
    return <EmptyState title={t("backup.revisions.empty")} description={t("backup.revisions.emptyHint")} />;
  return (
    <TableCard caption={t("backup.revisions.caption")} minWidth={700} testId="backup-revisions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("backup.revisions.time")}</Table.Th>
          <Table.Th>{t("backup.revisions.plan")}</Table.Th>
          <Table.Th>{t("backup.revisions.files")}</Table.Th>
          <Table.Th>{t("backup.revisions.size")}</Table.Th>
          <Table.Th>{t("backup.revisions.added")}</Table.Th>
          <Table.Th>{t("backup.revisions.actions")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {revisions.data.map((r) => (
          <Table.Tr key={r.revisionId}>
            <Table.Td>{formatDateTime(r.time)}</Table.Td>
            <Table.Td>{r.planName}</Table.Td>
            <Table.Td>{formatNumber(r.files)}</Table.Td>
            <Table.Td>{formatBytes(r.bytes)}</Table.Td>
            <Table.Td>{formatBytes(r.bytesAdded)}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="default" onClick={() => onRestore(r)}>
                {t("backup.revisions.restore")}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}
