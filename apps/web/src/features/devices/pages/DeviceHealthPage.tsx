import { useQuery } from "@tanstack/react-query";
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
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
import { PageHeader, QueryView, StatCard } from "../../../ui";
import { deviceKeys } from "../api";
import { deviceSearchLink } from "../grid/grid-state";

export function DeviceHealthPage() {
  const health = useQuery({
    queryKey: deviceKeys.health(),
    queryFn: ({ signal }) => api.get<DeviceHealth>("/devices/health", { signal }),
    refetchInterval: 30_000,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Health status"
        description="How the fleet's agents are doing: presence, approval, stale inventories and agent versions."
      />
      <QueryView
        query={health}
        errorTitle="Could not load the health status"
        loadingLabel="Loading health status…"
      >
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={3}>
              <StatCard
                label="Devices"
                value={data.total}
                icon={<IconDeviceDesktop size={20} />}
                to="/deviceSearch"
              />
              <StatCard
                label="Up"
                value={data.up}
                icon={<IconCircleCheck size={20} />}
                to={deviceSearchLink({ status: ["UP"] })}
              />
              <StatCard
                label="Down"
                value={data.down}
                icon={<IconCircleX size={20} />}
                to={deviceSearchLink({ status: ["DOWN"] })}
              />
              <StatCard
                label="Pending approval"
                value={data.pendingApproval}
                icon={<IconClockPause size={20} />}
                to={deviceSearchLink({ approval: ["PENDING"] })}
              />
              <StatCard
                label="Install issues"
                value={data.neverConnected}
                icon={<IconPlugConnectedX size={20} />}
                to={deviceSearchLink({ builtIn: "INSTALL_ISSUES" })}
              />
              <StatCard
                label="Stale inventory"
                value={data.staleInventory}
                icon={<IconAlertTriangle size={20} />}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Stale inventory: no inventory report in the last {data.staleInventoryHours} hours. Install
              issues: enrolled devices whose agent never connected.
            </Text>
            <Paper withBorder radius="md" p="md">
              <Title order={5} mb="sm">
                Agent versions
              </Title>
              {data.agentVersions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No agents yet.{" "}
                  <Anchor component={Link} to="/administration/library/downloads">
                    Install one
                  </Anchor>
                  .
                </Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Version</Table.Th>
                      <Table.Th>Devices</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.agentVersions.map((v) => (
                      <Table.Tr key={v.version}>
                        <Table.Td>{v.version || "unknown"}</Table.Td>
                        <Table.Td>{v.count}</Table.Td>
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
