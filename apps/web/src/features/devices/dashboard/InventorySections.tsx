import type { ReactNode } from "react";
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { DeviceDetail } from "@steward/contracts";
import { LOW_DISK_THRESHOLD_PERCENT } from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import { formatBytes, formatDateTime, formatNumber } from "../../../ui";
import { formatUptime, freePercent } from "./inventory-format";

type Inventory = DeviceDetail["inventory"];

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Label/value pairs; values are agent-reported text, rendered as text. */
export function Facts({ items, cols = 2 }: { items: Array<[string, ReactNode]>; cols?: number }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" verticalSpacing={6}>
      {items.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {label}
          </Text>
          <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
            {value === "" || value === null || value === undefined ? "—" : value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const notReported = {
  hardware: "devices.inventory.notReported.hardware",
  volumes: "devices.inventory.notReported.volumes",
  disks: "devices.inventory.notReported.disks",
  network: "devices.inventory.notReported.network",
} satisfies Record<string, MessageKey>;

function None({ what }: { what: keyof typeof notReported }) {
  const t = useT();
  return (
    <Text size="sm" c="dimmed">
      {t(notReported[what])}
    </Text>
  );
}

export function SystemSection({ device }: { device: DeviceDetail }) {
  const t = useT();
  const inv = device.inventory;
  return (
    <Section title={t("devices.inventory.system")} testId="inventory-system">
      <Facts
        items={[
          [t("devices.inventory.hostName"), inv.hostname ?? device.hostname],
          [
            t("devices.inventory.operatingSystem"),
            inv.os ? `${inv.os.name} ${inv.os.version}`.trim() : `${device.osName} ${device.osVersion}`,
          ],
          [t("devices.inventory.build"), inv.os?.build],
          [t("devices.inventory.architecture"), inv.os?.arch],
          [t("devices.inventory.kernel"), inv.os?.kernel],
          [t("devices.inventory.agentVersion"), inv.agentVersion ?? device.agentVersion],
          [t("devices.inventory.uptime"), formatUptime(inv.uptimeSeconds, t)],
          [t("devices.inventory.lastBoot"), formatDateTime(inv.lastBootAt)],
          [
            t("devices.inventory.pendingReboot"),
            device.pendingReboot ? t("common.states.yes") : t("common.states.no"),
          ],
          [t("devices.inventory.publicIp"), device.publicIp],
          [t("devices.inventory.lastContact"), formatDateTime(device.lastContactAt)],
          [t("devices.inventory.inventoryUpdated"), formatDateTime(device.inventoryUpdatedAt)],
        ]}
      />
    </Section>
  );
}

export function HardwareSection({ inv }: { inv: Inventory }) {
  const t = useT();
  return (
    <Section title={t("devices.inventory.hardware")} testId="inventory-hardware">
      {inv.cpu || inv.memory ? (
        <Facts
          items={[
            [t("devices.inventory.processor"), inv.cpu?.model],
            [
              t("devices.inventory.cores"),
              inv.cpu
                ? t("devices.inventory.coresValue", {
                    physical: formatNumber(inv.cpu.cores),
                    logical: formatNumber(inv.cpu.logicalCores),
                  })
                : undefined,
            ],
            [
              t("devices.inventory.speed"),
              inv.cpu && inv.cpu.speedGhz > 0
                ? t("devices.inventory.speedValue", { speed: formatNumber(inv.cpu.speedGhz) })
                : undefined,
            ],
            [t("devices.inventory.memory"), inv.memory ? formatBytes(inv.memory.totalBytes) : undefined],
            // Real agents leave free memory out (a metric, not inventory); older reports had it.
            ...(inv.memory?.freeBytes !== undefined
              ? [[t("devices.inventory.freeMemory"), formatBytes(inv.memory.freeBytes)] as [string, string]]
              : []),
          ]}
        />
      ) : (
        <None what="hardware" />
      )}
    </Section>
  );
}

export function VolumesSection({ inv }: { inv: Inventory }) {
  const t = useT();
  const volumes = inv.volumes ?? [];
  return (
    <Section title={t("devices.inventory.volumes")} testId="inventory-volumes">
      {volumes.length === 0 ? (
        <None what="volumes" />
      ) : (
        <Stack gap="sm">
          {volumes.map((v, i) => {
            const free = freePercent(v);
            const low = free < LOW_DISK_THRESHOLD_PERCENT;
            return (
              <Stack gap={2} key={`${v.mount}-${i}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                    {v.label
                      ? t("devices.inventory.volumeLabel", { mount: v.mount, label: v.label })
                      : v.mount}{" "}
                    <Text span size="xs" c="dimmed">
                      {v.fsType}
                    </Text>
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {low ? (
                      <Badge color="red" size="xs" variant="light">
                        {t("devices.inventory.lowDisk")}
                      </Badge>
                    ) : null}
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {t("devices.inventory.freeOf", {
                        free: formatBytes(v.freeBytes),
                        size: formatBytes(v.sizeBytes),
                      })}
                    </Text>
                  </Group>
                </Group>
                <Progress
                  value={100 - free}
                  color={low ? "red" : free < 25 ? "yellow" : "teal"}
                  aria-label={t("devices.inventory.freePercent", {
                    mount: v.mount,
                    percent: formatNumber(Math.round(free)),
                  })}
                />
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

export function DisksSection({ inv }: { inv: Inventory }) {
  const t = useT();
  const disks = inv.disks ?? [];
  return (
    <Section title={t("devices.inventory.disks")} testId="inventory-disks">
      {disks.length === 0 ? (
        <None what="disks" />
      ) : (
        <Table aria-label={t("devices.inventory.disks")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("devices.inventory.disk")}</Table.Th>
              <Table.Th>{t("devices.inventory.model")}</Table.Th>
              <Table.Th>{t("common.fields.type")}</Table.Th>
              <Table.Th>{t("devices.inventory.size")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {disks.map((d, i) => (
              <Table.Tr key={`${d.device}-${i}`}>
                <Table.Td>{d.device}</Table.Td>
                <Table.Td>{d.model ?? "—"}</Table.Td>
                <Table.Td>{d.type ?? "—"}</Table.Td>
                <Table.Td>{formatBytes(d.sizeBytes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

export function NetworkSection({ inv, publicIp }: { inv: Inventory; publicIp: string | null }) {
  const t = useT();
  const adapters = inv.network ?? [];
  return (
    <Section title={t("devices.inventory.network")} testId="inventory-network">
      <Text size="sm" mb="xs">
        {t("devices.inventory.publicIpSeen", { ip: publicIp ?? "—" })}
      </Text>
      {adapters.length === 0 ? (
        <None what="network" />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table aria-label={t("devices.inventory.network")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("devices.inventory.adapter")}</Table.Th>
                <Table.Th>{t("devices.inventory.mac")}</Table.Th>
                {/* i18n-exempt: protocol names */}
                <Table.Th>IPv4</Table.Th>
                {/* i18n-exempt: protocol names */}
                <Table.Th>IPv6</Table.Th>
                <Table.Th>{t("devices.inventory.subnet")}</Table.Th>
                <Table.Th>{t("devices.inventory.gateway")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {adapters.map((a, i) => (
                <Table.Tr key={`${a.name}-${i}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{a.name}</Text>
                      <Badge size="xs" variant="light" color={a.up ? "teal" : "gray"}>
                        {t(a.up ? "devices.status.UP" : "devices.status.DOWN")}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{a.mac || "—"}</Table.Td>
                  <Table.Td>{a.ipv4.join(", ") || "—"}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 220 }}>
                    {a.ipv6.join(", ") || "—"}
                  </Table.Td>
                  <Table.Td>{a.subnet ?? "—"}</Table.Td>
                  <Table.Td>{a.gateway ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function UsersSection({ inv }: { inv: Inventory }) {
  const t = useT();
  const users = inv.loggedInUsers ?? [];
  return (
    <Section title={t("devices.inventory.users")} testId="inventory-users">
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("devices.inventory.nobody")}
        </Text>
      ) : (
        <Table aria-label={t("devices.inventory.users")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("devices.inventory.user")}</Table.Th>
              <Table.Th>{t("devices.inventory.terminal")}</Table.Th>
              <Table.Th>{t("devices.inventory.since")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u, i) => (
              <Table.Tr key={`${u.name}-${i}`}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.terminal ?? "—"}</Table.Td>
                <Table.Td>
                  {u.since ? (Number.isNaN(Date.parse(u.since)) ? u.since : formatDateTime(u.since)) : "—"}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
