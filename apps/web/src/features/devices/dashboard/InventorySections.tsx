import type { ReactNode } from "react";
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { DeviceDetail } from "@steward/contracts";
import { LOW_DISK_THRESHOLD_PERCENT, formatBytes } from "@steward/domain";
import { formatDateTime } from "../../../ui";
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

const None = ({ what }: { what: string }) => (
  <Text size="sm" c="dimmed">
    The agent has not reported {what}.
  </Text>
);

export function SystemSection({ device }: { device: DeviceDetail }) {
  const inv = device.inventory;
  return (
    <Section title="System" testId="inventory-system">
      <Facts
        items={[
          ["Host name", inv.hostname ?? device.hostname],
          [
            "Operating system",
            inv.os ? `${inv.os.name} ${inv.os.version}`.trim() : `${device.osName} ${device.osVersion}`,
          ],
          ["Build", inv.os?.build],
          ["Architecture", inv.os?.arch],
          ["Kernel", inv.os?.kernel],
          ["Agent version", inv.agentVersion ?? device.agentVersion],
          ["Uptime", formatUptime(inv.uptimeSeconds)],
          ["Last boot", formatDateTime(inv.lastBootAt)],
          ["Pending reboot", device.pendingReboot ? "Yes" : "No"],
          ["Public IP", device.publicIp],
          ["Last contact", formatDateTime(device.lastContactAt)],
          ["Inventory updated", formatDateTime(device.inventoryUpdatedAt)],
        ]}
      />
    </Section>
  );
}

export function HardwareSection({ inv }: { inv: Inventory }) {
  return (
    <Section title="Processor and memory" testId="inventory-hardware">
      {inv.cpu || inv.memory ? (
        <Facts
          items={[
            ["Processor", inv.cpu?.model],
            ["Cores", inv.cpu ? `${inv.cpu.cores} physical, ${inv.cpu.logicalCores} logical` : undefined],
            ["Speed", inv.cpu && inv.cpu.speedGhz > 0 ? `${inv.cpu.speedGhz} GHz` : undefined],
            ["Memory", inv.memory ? formatBytes(inv.memory.totalBytes) : undefined],
            // Real agents leave free memory out (a metric, not inventory); older reports had it.
            ...(inv.memory?.freeBytes !== undefined
              ? [["Free memory", formatBytes(inv.memory.freeBytes)] as [string, string]]
              : []),
          ]}
        />
      ) : (
        <None what="its hardware" />
      )}
    </Section>
  );
}

export function VolumesSection({ inv }: { inv: Inventory }) {
  const volumes = inv.volumes ?? [];
  return (
    <Section title="Volumes" testId="inventory-volumes">
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
                    {v.mount}
                    {v.label ? ` (${v.label})` : ""}{" "}
                    <Text span size="xs" c="dimmed">
                      {v.fsType}
                    </Text>
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {low ? (
                      <Badge color="red" size="xs" variant="light">
                        Low disk space
                      </Badge>
                    ) : null}
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatBytes(v.freeBytes)} free of {formatBytes(v.sizeBytes)}
                    </Text>
                  </Group>
                </Group>
                <Progress
                  value={100 - free}
                  color={low ? "red" : free < 25 ? "yellow" : "teal"}
                  aria-label={`${v.mount}: ${free.toFixed(0)} % free`}
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
  const disks = inv.disks ?? [];
  return (
    <Section title="Disks" testId="inventory-disks">
      {disks.length === 0 ? (
        <None what="disks" />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Size</Table.Th>
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
  const adapters = inv.network ?? [];
  return (
    <Section title="Network adapters" testId="inventory-network">
      <Text size="sm" mb="xs">
        Public IP (as the server sees it): {publicIp ?? "—"}
      </Text>
      {adapters.length === 0 ? (
        <None what="network adapters" />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Adapter</Table.Th>
                <Table.Th>MAC</Table.Th>
                <Table.Th>IPv4</Table.Th>
                <Table.Th>IPv6</Table.Th>
                <Table.Th>Subnet</Table.Th>
                <Table.Th>Gateway</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {adapters.map((a, i) => (
                <Table.Tr key={`${a.name}-${i}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{a.name}</Text>
                      <Badge size="xs" variant="light" color={a.up ? "teal" : "gray"}>
                        {a.up ? "Up" : "Down"}
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
  const users = inv.loggedInUsers ?? [];
  return (
    <Section title="Logged-in users" testId="inventory-users">
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is logged in.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Terminal</Table.Th>
              <Table.Th>Since</Table.Th>
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
