import { Badge, Table, Text, Tooltip } from "@mantine/core";
import type { AuditEvent } from "@steward/contracts";
import { TableCard, formatDateTime } from "../../../ui";
import { actionLabel } from "./audit-filters";

/** A short line of the event's details: its names, ids and flags. */
function details(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

/** The audit events of one page: time, actor, action, target, organization, outcome, IP address. */
export function AuditTable({ events, dimmed }: { events: AuditEvent[]; dimmed: boolean }) {
  return (
    <TableCard
      minWidth={720}
      highlightOnHover={false}
      style={{ opacity: dimmed ? 0.6 : 1 }}
      testId="audit-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Actor</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Target</Table.Th>
          <Table.Th>Organization</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>IP address</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => {
          const more = details(e.data);
          return (
            <Table.Tr key={e.id}>
              <Table.Td style={{ minWidth: 110 }}>
                <Text size="sm">{formatDateTime(e.at)}</Text>
              </Table.Td>
              <Table.Td style={{ maxWidth: 170, overflowWrap: "anywhere" }}>
                <Text size="sm">{e.actorLabel ?? "System"}</Text>
              </Table.Td>
              <Table.Td style={{ minWidth: 130, overflowWrap: "anywhere" }}>
                <Text size="sm" title={e.action}>
                  {actionLabel(e.action)}
                </Text>
                {more ? (
                  <Tooltip label={more} multiline maw={360} openDelay={300}>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {more}
                    </Text>
                  </Tooltip>
                ) : null}
              </Table.Td>
              <Table.Td style={{ maxWidth: 150, overflowWrap: "anywhere" }}>
                <Text size="sm">
                  {e.targetId ? `${actionLabel(e.targetType)} ${e.targetId}` : actionLabel(e.targetType)}
                </Text>
              </Table.Td>
              <Table.Td style={{ maxWidth: 140, overflowWrap: "anywhere" }}>
                <Text size="sm">
                  {e.organizationName ?? (e.organizationId !== null ? `#${e.organizationId} (deleted)` : "—")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={e.outcome === "SUCCESS" ? "teal" : "red"} miw="max-content">
                  {e.outcome === "SUCCESS" ? "Succeeded" : "Failed"}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {e.ip ?? "—"}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableCard>
  );
}
