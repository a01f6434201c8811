import { Badge, Button, Group, Table, Text } from "@mantine/core";
import type { BackupPlanStatus } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  TableCard,
  formatBytes,
  formatDateTime,
  showMessageDialog,
} from "../../../ui";
import { useBackupActions, useBackupPlans, type BackupScope } from "../api";
import { JobProgress } from "./JobProgress";
import { isForbidden } from "./forbidden";

const STATUS_COLOR: Record<BackupPlanStatus["status"], string> = {
  NEVER_RUN: "gray",
  RUNNING: "blue",
  SUCCESS: "green",
  FAILED: "red",
  CLEARED: "gray",
};

/** Each plan on each device: what it backs up, where to, its last run and newest revision. */
export function PlansTable({ scope }: { scope: BackupScope }) {
  const t = useT();
  const plans = useBackupPlans(scope);
  const { runBackup, ignore } = useBackupActions();
  if (plans.isPending) return <LoadingState />;
  if (plans.isError) {
    if (isForbidden(plans.error)) return <EmptyState title={t("backup.states.noPermission")} />;
    return (
      <ErrorState
        title={t("backup.states.loadError")}
        error={plans.error}
        onRetry={() => void plans.refetch()}
      />
    );
  }
  if (plans.data.length === 0)
    return <EmptyState title={t("backup.plans.empty")} description={t("backup.plans.emptyHint")} />;
  const fail = (title: MessageKey) => (error: unknown) =>
    void showMessageDialog({ title: t(title), message: describeError(error), tone: "error" });
  return (
    <TableCard caption={t("backup.plans.caption")} minWidth={900} testId="backup-plans">
      <Table.Thead>
        <Table.Tr>
          {scope.kind !== "device" ? <Table.Th>{t("backup.plans.device")}</Table.Th> : null}
          <Table.Th>{t("backup.plans.name")}</Table.Th>
          <Table.Th>{t("backup.plans.type")}</Table.Th>
          <Table.Th>{t("backup.plans.paths")}</Table.Th>
          <Table.Th>{t("backup.plans.destination")}</Table.Th>
          <Table.Th>{t("backup.plans.status")}</Table.Th>
          <Table.Th>{t("backup.plans.lastRevision")}</Table.Th>
          <Table.Th>{t("backup.plans.actions")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plans.data.map((plan) => (
          <Table.Tr key={`${plan.nodeId}:${plan.planId}`} data-testid={`backup-plan-${plan.planId}`}>
            {scope.kind !== "device" ? <Table.Td>{plan.nodeName}</Table.Td> : null}
            <Table.Td>
              <Text size="sm" fw={500}>
                {plan.planName}
              </Text>
              {!plan.enabled ? (
                <Text size="xs" c="dimmed">
                  {t("backup.plans.disabled")}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{t(`backup.types.${plan.type}` as MessageKey)}</Table.Td>
            <Table.Td>
              <Text size="xs" style={{ wordBreak: "break-all" }}>
                {plan.includePaths.join(", ")}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" style={{ wordBreak: "break-all" }}>
                {plan.destinationPath}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[plan.status]} variant="light">
                {t(`backup.status.${plan.status}` as MessageKey)}
              </Badge>
              {plan.status === "RUNNING" && plan.lastJob ? <JobProgress job={plan.lastJob} /> : null}
            </Table.Td>
            <Table.Td>
              {plan.lastRevision ? (
                <Text size="xs">
                  {formatDateTime(plan.lastRevision.time)} · {formatBytes(plan.lastRevision.bytes)}
                </Text>
              ) : (
                "—"
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  disabled={plan.status === "RUNNING"}
                  loading={runBackup.isPending && runBackup.variables.planId === plan.planId}
                  onClick={() =>
                    runBackup.mutate(
                      { deviceId: plan.nodeId, planId: plan.planId },
                      { onError: fail("backup.plans.startError") },
                    )
                  }
                >
                  {t("backup.plans.runNow")}
                </Button>
                {plan.status === "FAILED" && plan.lastJob ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      ignore.mutate(
                        { deviceId: plan.nodeId, planId: plan.planId, jobUid: plan.lastJob!.jobUid },
                        { onError: fail("backup.plans.clearError") },
                      )
                    }
                  >
                    {t("backup.plans.clear")}
                  </Button>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}
