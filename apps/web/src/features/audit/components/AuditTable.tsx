import { Table, Text, Tooltip } from "@mantine/core";
import type { AuditEvent } from "@steward/contracts";
import { TableCard } from "../../../ui";
import { actionLabel } from "./audit-filters";

/** A short line of the event's details: its names, ids and flags. */
function details(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

const dayOfYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const dayWithYear = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const full = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" });

/** "Nov 24" this year, "Nov 24, 2025" before (the column stays narrow at 1024 px). */
function dayOf(date: Date): string {
  return date.getFullYear() === new Date().getFullYear() ? dayOfYear.format(date) : dayWithYear.format(date);
}
const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
// Long words (emails, ids) wrap only where they must, so columns size to whole words.
const wrap = { overflowWrap: "break-word", wordBreak: "normal" } as const;

/**
 * A long target id (a job's 36-character uid) shows its first characters; the whole id is its
 * tooltip and is in the details and the CSV export.
 */
function shortId(id: string | null): string {
  if (id === null) return "—";
  return id.length > 10 ? `${id.slice(0, 6)}…` : id;
}

/** An email that may wrap after its "@" (narrow columns at 1024 px). */
function Actor({ label }: { label: string | null }) {
  if (!label) return <>System</>;
  const at = label.indexOf("@");
  if (at <= 0) return <>{label}</>;
  return (
    <>
      {label.slice(0, at)}
      <wbr />
      {label.slice(at)}
    </>
  );
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
        <Table.Tr style={{ whiteSpace: "nowrap" }}>
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
              <Table.Td style={{ whiteSpace: "nowrap" }} title={full.format(new Date(e.at))}>
                <Text size="sm">{dayOf(new Date(e.at))}</Text>
                <Text size="xs" c="dimmed">
                  {time.format(new Date(e.at))}
                </Text>
              </Table.Td>
              <Table.Td style={{ ...wrap, maxWidth: 170 }}>
                <Text size="sm">
                  <Actor label={e.actorLabel} />
                </Text>
              </Table.Td>
              {/* Bounded: a long details line is cut to one line, not left to widen the table
                  past the card (the scroll container lets a table grow to its content). */}
              <Table.Td style={{ ...wrap, minWidth: 110, maxWidth: 126 }}>
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
              <Table.Td style={{ ...wrap, maxWidth: 102 }}>
                <Text size="sm" title={e.targetId ?? undefined}>
                  {shortId(e.targetId)}
                </Text>
                <Text size="xs" c="dimmed">
                  {actionLabel(e.targetType)}
                </Text>
              </Table.Td>
              <Table.Td style={{ ...wrap, maxWidth: 100 }}>
                <Text size="sm">
                  {e.organizationName ?? (e.organizationId !== null ? `#${e.organizationId} (deleted)` : "—")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} c={e.outcome === "SUCCESS" ? "teal" : "red"}>
                  {e.outcome === "SUCCESS" ? "Succeeded" : "Failed"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" maw={110} style={{ wordBreak: "break-all" }}>
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
