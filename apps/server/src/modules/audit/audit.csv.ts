import { Readable } from "node:stream";
import type { AuditEvent } from "@steward/contracts";
import { csvLine } from "@steward/domain";

type Cell = string | number | null;

const columns: { header: string; value: (e: AuditEvent) => Cell }[] = [
  { header: "Time", value: (e) => e.at },
  { header: "Actor", value: (e) => e.actorLabel },
  { header: "Actor id", value: (e) => e.actorUserId },
  { header: "Action", value: (e) => e.action },
  { header: "Target type", value: (e) => e.targetType },
  { header: "Target id", value: (e) => e.targetId },
  { header: "Organization id", value: (e) => e.organizationId },
  { header: "Organization", value: (e) => e.organizationName },
  { header: "Outcome", value: (e) => e.outcome },
  { header: "IP address", value: (e) => e.ip },
  { header: "Data", value: (e) => (Object.keys(e.data).length === 0 ? null : JSON.stringify(e.data)) },
];

/**
 * The CSV of the audit log: a header, then one line per event, streamed batch by batch. Cells
 * with a formula lead are quoted (csvCell): actor labels and data come from user input.
 */
export function auditCsv(batches: AsyncIterable<AuditEvent[]>): Readable {
  return Readable.from(
    (async function* () {
      yield csvLine(columns.map((c) => c.header));
      for await (const batch of batches)
        yield batch.map((e) => csvLine(columns.map((c) => c.value(e)))).join("");
    })(),
  );
}
