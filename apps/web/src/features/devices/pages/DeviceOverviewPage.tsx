import { Anchor, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "../../../i18n";
import { formatBytes, formatDateTime } from "../../../ui";
import { DeviceAlertsCard } from "../../alerts";
import { DeviceAgentSection } from "../agent-updates/DeviceAgentSection";
import { useCan } from "../../auth";
import { ActivityList } from "../components/ActivityList";
import { statusText } from "../components/DeviceName";
import { DeviceTags } from "../components/DeviceTags";
import { DevicePage } from "../dashboard/DevicePage";
import { Facts, Section, VolumesSection } from "../dashboard/InventorySections";
import { formatUptime } from "../dashboard/inventory-format";
import { DeviceMetricsSection } from "../metrics/DeviceMetricsSection";

export function DeviceOverviewPage() {
  const t = useT();
  const can = useCan();
  return (
    <DevicePage>
      {(device) => {
        const inv = device.inventory;
        const ipv4 = device.ipAddresses.filter((ip) => !ip.includes(":"));
        return (
          <Grid gutter="md">
            <Grid.Col span={12}>
              <DeviceAlertsCard device={device} />
            </Grid.Col>
            <Grid.Col span={7}>
              <Stack gap="md">
                <Section title={t("devices.overview.summary")} testId="device-summary">
                  <Facts
                    items={[
                      [t("common.fields.status"), t(statusText[device.status])],
                      [t("devices.inventory.lastContact"), formatDateTime(device.lastContactAt)],
                      [t("devices.inventory.uptime"), formatUptime(inv.uptimeSeconds, t)],
                      [t("devices.inventory.lastBoot"), formatDateTime(inv.lastBootAt)],
                      [t("devices.inventory.processor"), inv.cpu?.model],
                      [
                        t("devices.inventory.memory"),
                        device.totalMemoryBytes === null ? undefined : formatBytes(device.totalMemoryBytes),
                      ],
                      [t("devices.overview.ipAddresses"), ipv4.join(", ") || device.ipAddresses[0]],
                      [t("devices.inventory.publicIp"), device.publicIp],
                      [t("devices.overview.role"), device.roleName ?? t("devices.overview.noRole")],
                      [t("devices.inventory.agentVersion"), device.agentVersion],
                      [
                        t("devices.overview.installedSoftware"),
                        t("devices.overview.packages", { count: device.softwareCount }),
                      ],
                      [t("devices.overview.enrolled"), formatDateTime(device.enrolledAt)],
                    ]}
                  />
                </Section>
                <VolumesSection inv={inv} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={5}>
              <Stack gap="md">
                <DeviceAgentSection deviceId={device.id} />
                <Section title={t("common.fields.tags")}>
                  <DeviceTags deviceId={device.id} tags={device.tags} canEdit={can("devices.manage")} />
                </Section>
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" mb="sm">
                    <Title order={5}>{t("devices.overview.recentActivity")}</Title>
                    <Anchor component={Link} to={`/deviceDashboard/${device.id}/activities/1`} size="sm">
                      {t("devices.overview.allActivities")}
                    </Anchor>
                  </Group>
                  <ActivityList scope={{ kind: "device", id: device.id }} page={1} pageSize={6} compact />
                </Paper>
                {(inv.loggedInUsers ?? []).length > 0 ? (
                  <Section title={t("devices.inventory.users")}>
                    <SimpleGrid cols={1} spacing={4}>
                      {(inv.loggedInUsers ?? []).map((u, i) => (
                        <Text size="sm" key={`${u.name}-${i}`}>
                          {u.terminal
                            ? t("devices.inventory.userTerminal", { user: u.name, terminal: u.terminal })
                            : u.name}
                        </Text>
                      ))}
                    </SimpleGrid>
                  </Section>
                ) : null}
              </Stack>
            </Grid.Col>
            <Grid.Col span={12}>
              <DeviceMetricsSection deviceId={device.id} />
            </Grid.Col>
          </Grid>
        );
      }}
    </DevicePage>
  );
}
