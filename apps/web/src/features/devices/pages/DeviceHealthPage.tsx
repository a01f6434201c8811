import { useQuery } from "@tanstack/react-query";
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockPause,
  IconDeviceDesktop,
  IconPlugConnectedX,
} from "@tabler/icons-react";
import { Link } from "react-router";
import type { DeviceHealth } from "@steward/contracts";
import { api } from "../../../api";
import { useT } from "../../../i18n";
import { PageHeader, QueryView, StatCard, formatNumber } from "../../../ui";
import { deviceKeys } from "../api";
import { deviceSearchLink } from "../grid/grid-state";

export function DeviceHealthPage() {
  const t = useT();
  const health = useQuery({
    queryKey: deviceKeys.health(),
    queryFn: ({ signal }) => api.get<DeviceHealth>("/devices/health", { signal }),
    refetchInterval: 30_000,
  });
  return (
    <Stack gap="md">
      <PageHeader title={t("devices.routes.health")} description={t("devices.health.description")} />
      <QueryView
        query={health}
        errorTitle={t("devices.health.loadError")}
        loadingLabel={t("devices.health.loading")}
      >
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={3}>
              <StatCard
                testId="devices"
                label={t("common.fields.devices")}
                value={data.total}
                icon={<IconDeviceDesktop size={20} />}
                to="/deviceSearch"
              />
              <StatCard
                testId="up"
                label={t("devices.status.UP")}
                value={data.up}
                icon={<IconCircleCheck size={20} />}
                to={deviceSearchLink({ status: ["UP"] })}
              />
              <StatCard
                testId="down"
                label={t("devices.status.DOWN")}
                value={data.down}
                icon={<IconCircleX size={20} />}
                to={deviceSearchLink({ status: ["DOWN"] })}
              />
              <StatCard
                testId="pending approval"
                label={t("devices.health.pendingApproval")}
                value={data.pendingApproval}
                icon={<IconClockPause size={20} />}
                to={deviceSearchLink({ approval: ["PENDING"] })}
              />
              <StatCard
                testId="install issues"
                label={t("devices.health.installIssues")}
                value={data.neverConnected}
                icon={<IconPlugConnectedX size={20} />}
                to={deviceSearchLink({ builtIn: "INSTALL_ISSUES" })}
              />
              <StatCard
                testId="stale inventory"
                label={t("devices.health.staleInventory")}
                value={data.staleInventory}
                icon={<IconAlertTriangle size={20} />}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t("devices.health.explanation", { hours: data.staleInventoryHours })}
            </Text>
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm">
                <Title order={5}>{t("devices.health.agentVersions")}</Title>
                <Anchor component={Link} to={deviceSearchLink({ builtIn: "OUTDATED_AGENTS" })} size="sm">
                  {t("devices.agent.showOutdated")}
                </Anchor>
              </Group>
              {data.agentVersions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.rich("devices.health.noAgents", {
                    link: (chunks) => (
                      <Anchor component={Link} to="/administration/library/downloads">
                        {chunks}
                      </Anchor>
                    ),
                  })}
                </Text>
              ) : (
                <Table aria-label={t("devices.health.agentVersions")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("devices.health.version")}</Table.Th>
                      <Table.Th>{t("common.fields.devices")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.agentVersions.map((v) => (
                      <Table.Tr key={v.version}>
                        <Table.Td>{v.version || t("devices.health.unknownVersion")}</Table.Td>
                        <Table.Td>{formatNumber(v.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
