import { Table, Text, Tooltip } from "@mantine/core";
import type { AuditEvent } from "@steward/contracts";
import { getLocaleSettings, useT, type LocaleSettings } from "../../../i18n";
import { TableCard, formatDate, formatTime } from "../../../ui";
import { actionLabel, outcomeText, targetLabel } from "./audit-filters";

/** A short line of the event's details: its names, ids and flags. */
function details(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

/** "24 Nov" / "Nov 24" in the reader's language and zone for this year, the whole date before. */
function dayOf(date: Date, settings: LocaleSettings): string {
  const { locale, timeZone, dateFormat } = settings;
  const zone = timeZone ? { timeZone } : {};
  const year = new Intl.DateTimeFormat(locale, { year: "numeric", ...zone });
  // Fixed date formats (ISO, day.month.year, month/day/year) keep their whole shape.
  if (dateFormat !== "locale" || year.format(date) !== year.format(new Date()))
    return formatDate(date, settings);
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", ...zone }).format(date);
}

/** The whole moment, weekday and zone included, for the time's tooltip. */
function fullMoment(date: Date, { locale, timeZone }: LocaleSettings): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "long",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

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
  const t = useT();
  if (!label) return <>{t("audit.table.system")}</>;
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
  const t = useT();
  const settings = getLocaleSettings();
  return (
    <TableCard
      caption={t("audit.routes.activities")}
      minWidth={720}
      highlightOnHover={false}
      style={{ opacity: dimmed ? 0.6 : 1 }}
      testId="audit-table"
    >
      <Table.Thead>
        <Table.Tr style={{ whiteSpace: "nowrap" }}>
          <Table.Th>{t("audit.table.time")}</Table.Th>
          <Table.Th>{t("audit.table.actor")}</Table.Th>
          <Table.Th>{t("audit.table.action")}</Table.Th>
          <Table.Th>{t("audit.table.target")}</Table.Th>
          <Table.Th>{t("audit.table.organization")}</Table.Th>
          <Table.Th>{t("audit.table.outcome")}</Table.Th>
          <Table.Th>{t("audit.table.ip")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => {
          const more = details(e.data);
          const at = new Date(e.at);
          return (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }} title={fullMoment(at, settings)}>
                <Text size="sm">{dayOf(at, settings)}</Text>
                <Text size="xs" c="dimmed">
                  {formatTime(at, settings)}
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
                  {actionLabel(e.action, t)}
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
                  {targetLabel(e.targetType, t)}
                </Text>
              </Table.Td>
              <Table.Td style={{ ...wrap, maxWidth: 100 }}>
                <Text size="sm">
                  {e.organizationName ??
                    (e.organizationId !== null
                      ? t("audit.table.deletedOrganization", { id: String(e.organizationId) })
                      : "—")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} c={e.outcome === "SUCCESS" ? "teal" : "red"}>
                  {t(outcomeText[e.outcome])}
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
