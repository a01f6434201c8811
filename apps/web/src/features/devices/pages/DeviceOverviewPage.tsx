import { Anchor, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatBytes } from "@steward/domain";
import { formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { ActivityList } from "../components/ActivityList";
import { DeviceTags } from "../components/DeviceTags";
import { DevicePage } from "../dashboard/DevicePage";
import { Facts, Section, VolumesSection } from "../dashboard/InventorySections";
import { formatUptime } from "../dashboard/inventory-format";

export function DeviceOverviewPage() {
  const can = useCan();
  return (
    <DevicePage>
      {(device) => {
        const inv = device.inventory;
        const ipv4 = device.ipAddresses.filter((ip) => !ip.includes(":"));
        return (
          <Grid gutter="md">
            <Grid.Col span={7}>
              <Stack gap="md">
                <Section title="Summary" testId="device-summary">
                  <Facts
                    items={[
                      ["Status", device.status === "UP" ? "Up" : "Down"],
                      ["Last contact", formatDateTime(device.lastContactAt)],
                      ["Uptime", formatUptime(inv.uptimeSeconds)],
                      ["Last boot", formatDateTime(inv.lastBootAt)],
                      ["Processor", inv.cpu?.model],
                      [
                        "Memory",
                        device.totalMemoryBytes === null ? undefined : formatBytes(device.totalMemoryBytes),
                      ],
                      ["IP addresses", ipv4.join(", ") || device.ipAddresses[0]],
                      ["Public IP", device.publicIp],
                      ["Role", device.roleName ?? "No role"],
                      ["Agent version", device.agentVersion],
                      ["Installed software", `${device.softwareCount} packages`],
                      ["Enrolled", formatDateTime(device.enrolledAt)],
                    ]}
                  />
                </Section>
                <VolumesSection inv={inv} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={5}>
              <Stack gap="md">
                <Section title="Tags">
                  <DeviceTags deviceId={device.id} tags={device.tags} canEdit={can("devices.manage")} />
                </Section>
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" mb="sm">
                    <Title order={5}>Recent activity</Title>
                    <Anchor component={Link} to={`/deviceDashboard/${device.id}/activities/1`} size="sm">
                      All activities
                    </Anchor>
                  </Group>
                  <ActivityList scope={{ kind: "device", id: device.id }} page={1} pageSize={6} compact />
                </Paper>
                {(inv.loggedInUsers ?? []).length > 0 ? (
                  <Section title="Logged-in users">
                    <SimpleGrid cols={1} spacing={4}>
                      {(inv.loggedInUsers ?? []).map((u, i) => (
                        <Text size="sm" key={`${u.name}-${i}`}>
                          {u.name}
                          {u.terminal ? ` (${u.terminal})` : ""}
                        </Text>
                      ))}
                    </SimpleGrid>
                  </Section>
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
        );
      }}
    </DevicePage>
  );
}
