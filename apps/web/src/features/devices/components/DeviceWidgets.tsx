import type { ReactNode } from "react";
import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { DeviceGroupCount, SystemOverview } from "@steward/contracts";
import { useT } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../ui";
import type { OsFamily } from "../../../lib/os-labels";
import { osFamilyText } from "../../../lib/os-labels";
import { deviceSearchLink, type DeviceFilters } from "../grid/grid-state";

type Breakdown = Pick<
  SystemOverview,
  "devices" | "devicesByStatus" | "devicesByApproval" | "devicesByOsFamily" | "recentlyOffline"
>;

function Widget({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A count that opens the device grid with the matching filter. */
function CountRow({
  label,
  value,
  total,
  color,
  filters,
}: {
  label: string;
  value: number;
  total: number;
  color: string;
  filters: Partial<DeviceFilters>;
}) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Anchor
          component={Link}
          to={deviceSearchLink(filters)}
          size="sm"
          fw={600}
          aria-label={t("devices.widgets.countLabel", { label, count: value })}
        >
          {formatNumber(value)}
        </Anchor>
      </Group>
      <Progress value={total ? (value / total) * 100 : 0} color={color} size="sm" aria-hidden />
    </Stack>
  );
}

/** Devices by status, by OS, by organization (or location) and recently offline; counts open filtered grids. */
export function DeviceWidgets({
  data,
  scope = {},
  byPlace,
}: {
  data: Breakdown;
  /** Filters every link keeps (the organization or location of a customer dashboard). */
  scope?: Partial<DeviceFilters>;
  byPlace?: { title: string; items: DeviceGroupCount[]; filter: (id: number) => Partial<DeviceFilters> };
}) {
  const t = useT();
  const total = data.devices;
  const os = Object.keys(data.devicesByOsFamily) as OsFamily[];
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="md">
        <Widget title={t("devices.widgets.byStatus")} testId="widget-status">
          <Stack gap="xs">
            <CountRow
              label={t("devices.status.UP")}
              value={data.devicesByStatus.UP}
              total={total}
              color="teal"
              filters={{ ...scope, status: ["UP"] }}
            />
            <CountRow
              label={t("devices.status.DOWN")}
              value={data.devicesByStatus.DOWN}
              total={total}
              color="red"
              filters={{ ...scope, status: ["DOWN"] }}
            />
            <CountRow
              label={t("devices.widgets.pendingApproval")}
              value={data.devicesByApproval.PENDING}
              total={total}
              color="yellow"
              filters={{ ...scope, approval: ["PENDING"] }}
            />
          </Stack>
        </Widget>
        <Widget title={t("devices.widgets.byOs")} testId="widget-os">
          <Stack gap="xs">
            {os.map((family) => (
              <CountRow
                key={family}
                label={t(osFamilyText[family])}
                value={data.devicesByOsFamily[family]}
                total={total}
                color="blue"
                filters={{ ...scope, os: [family] }}
              />
            ))}
          </Stack>
        </Widget>
      </SimpleGrid>
      <SimpleGrid cols={byPlace ? 2 : 1} spacing="md">
        {byPlace ? (
          <Widget title={byPlace.title} testId="widget-places">
            {byPlace.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("devices.widgets.noDevices")}
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label={byPlace.title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("common.fields.name")}</Table.Th>
                    <Table.Th>{t("common.fields.devices")}</Table.Th>
                    <Table.Th>{t("devices.widgets.down")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {byPlace.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={deviceSearchLink({ ...scope, ...byPlace.filter(item.id) })}
                          size="sm"
                        >
                          {formatNumber(item.total)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={deviceSearchLink({ ...scope, ...byPlace.filter(item.id), status: ["DOWN"] })}
                          size="sm"
                          c={item.down > 0 ? "red" : undefined}
                        >
                          {formatNumber(item.down)}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Widget>
        ) : null}
        <Widget title={t("devices.widgets.recentlyOffline")} testId="widget-offline">
          {data.recentlyOffline.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("devices.widgets.noneOffline")}
            </Text>
          ) : (
            <Stack gap={6}>
              {data.recentlyOffline.map((d) => (
                <Group key={d.id} justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/deviceDashboard/${d.id}/overview`} size="sm" lineClamp={1}>
                      {d.displayName || d.hostname}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {t("devices.widgets.place", {
                        organization: d.organizationName,
                        location: d.locationName,
                      })}
                    </Text>
                  </Stack>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(d.wentDownAt)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Widget>
      </SimpleGrid>
    </Stack>
  );
}
