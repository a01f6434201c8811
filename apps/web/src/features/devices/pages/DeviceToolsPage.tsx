import { Anchor, Group, Pagination, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { DeviceDetail } from "@steward/contracts";
import type { RunAsOs } from "@steward/domain";
import { useT } from "../../../i18n";
import { parsePage } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, formatDateTime, TableCard } from "../../../ui";
import { useCan } from "../../auth";
import { JobOutputPanel, JobScriptNote, JobStatusBadge, useDeviceJobs } from "../../jobs";
import { RunScriptPanel } from "../../scripts";
import { DevicePage } from "../dashboard/DevicePage";

/** The run-as OS of a device; OTHER devices get the OS-neutral choices. */
export function runAsOsOf(device: Pick<DeviceDetail, "osFamily">): RunAsOs | null {
  return device.osFamily === "OTHER" ? null : device.osFamily;
}

export function DeviceToolsPage() {
  return <DevicePage>{(device) => <DeviceTools device={device} />}</DevicePage>;
}

function DeviceTools({ device }: { device: DeviceDetail }) {
  const t = useT();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const selected = params.get("job");
  return (
    <Stack gap="md">
      {can("jobs.run") ? (
        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="sm">
            {t("devices.tools.runTitle")}
          </Title>
          {device.approvalStatus !== "APPROVED" ? (
            <Text size="sm" c="dimmed">
              {t("devices.tools.approveFirst")}
            </Text>
          ) : (
            <RunScriptPanel
              deviceId={device.id}
              os={runAsOsOf(device)}
              organizationId={device.organizationId}
              offline={device.status === "DOWN"}
            />
          )}
        </Paper>
      ) : null}
      {selected ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={5}>{t("devices.tools.output")}</Title>
            <Anchor component="button" size="sm" onClick={() => setParams({}, { replace: true })}>
              {t("common.actions.close")}
            </Anchor>
          </Group>
          <JobOutputPanel key={selected} jobUid={selected} canCancel={can("jobs.run")} />
        </Stack>
      ) : null}
      <JobHistory deviceId={device.id} onOpen={(uid) => setParams({ job: uid }, { replace: true })} />
    </Stack>
  );
}

function JobHistory({ deviceId, onOpen }: { deviceId: number; onOpen: (jobUid: string) => void }) {
  const t = useT();
  const page = parsePage(useParams().page);
  const navigate = useNavigate();
  const jobs = useDeviceJobs(deviceId, page);
  return (
    <Stack gap="xs">
      <Title order={5}>{t("devices.tools.history")}</Title>
      {jobs.isPending ? (
        <LoadingState label={t("devices.tools.loading")} />
      ) : jobs.isError ? (
        <ErrorState
          title={t("devices.tools.loadError")}
          error={jobs.error}
          onRetry={() => void jobs.refetch()}
        />
      ) : jobs.data.jobs.length === 0 ? (
        <EmptyState title={t("devices.tools.emptyTitle")} description={t("devices.tools.emptyDescription")} />
      ) : (
        <>
          <TableCard caption={t("devices.tools.history")} minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("devices.tools.job")}</Table.Th>
                <Table.Th>{t("devices.tools.state")}</Table.Th>
                <Table.Th>{t("devices.tools.requested")}</Table.Th>
                <Table.Th>{t("devices.tools.finished")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.jobs.map((job) => (
                <Table.Tr key={job.jobUid}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      size="sm"
                      ta="left"
                      style={{ overflowWrap: "anywhere" }}
                      onClick={() => onOpen(job.jobUid)}
                    >
                      {job.jobName}
                    </Anchor>
                    <JobScriptNote job={job} />
                    {job.resultContent.errorMessage ? (
                      <Text size="xs" c="red" lineClamp={1}>
                        {job.resultContent.errorMessage}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <JobStatusBadge job={job} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(job.completedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          {jobs.data.total > jobs.data.pageSize ? (
            <Group justify="flex-end">
              <Pagination
                size="sm"
                total={Math.ceil(jobs.data.total / jobs.data.pageSize)}
                value={page}
                onChange={(p) => void navigate(`/deviceDashboard/${deviceId}/tools/${p}`)}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
