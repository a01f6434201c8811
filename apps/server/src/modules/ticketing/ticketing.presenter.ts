import {
  ticketBoardFilters,
  type Ticket,
  type TicketBoard,
  type TicketBoardColumn,
  type TicketComment,
  type TicketHistoryEntry,
  type TicketRow,
  type TicketSource,
  type TicketStateType,
  type TicketValue,
  type TicketValueKind,
} from "@steward/contracts";
import type { TicketRecord, TicketingRepository } from "./ticketing.repository.js";
import type { ticketingBoards, ticketingValues } from "./ticketing.tables.js";

type Rows<K extends keyof TicketingRepository> = TicketingRepository[K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentTicketRow(r: TicketRecord): TicketRow {
  return {
    id: r.id,
    subject: r.subject,
    status: {
      id: r.statusId,
      name: r.statusName,
      stateType: (r.statusState ?? "OPEN") as TicketStateType,
      builtIn: r.statusBuiltIn,
    },
    priority: ref(r.priorityId, r.priorityName),
    severity: ref(r.severityId, r.severityName),
    impact: ref(r.impactId, r.impactName),
    type: ref(r.typeId, r.typeName),
    serviceBoard: ref(r.serviceBoardId, r.serviceBoardName),
    tags: r.tags,
    requesterName: r.requesterName,
    requesterEmail: r.requesterEmail,
    assignee: ref(r.assigneeId, r.assigneeName),
    cc: r.cc,
    organization: { id: r.organizationId, name: r.organizationName },
    location: ref(r.locationId, r.locationName),
    device: ref(r.deviceId, r.deviceName),
    source: r.source as TicketSource,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: iso(r.resolvedAt),
    closedAt: iso(r.closedAt),
  };
}

export function presentTicket(r: TicketRecord, descriptionHtml: string): Ticket {
  return { ...presentTicketRow(r), descriptionHtml };
}

export function presentComment(c: Rows<"comments">[number]): TicketComment {
  return {
    id: c.id,
    bodyHtml: c.bodyHtml,
    public: c.public,
    author: ref(c.authorId, c.authorName),
    createdAt: c.createdAt.toISOString(),
  };
}

export function presentHistory(h: Rows<"history">[number]): TicketHistoryEntry {
  return {
    id: h.id,
    field: h.field,
    oldValue: h.oldValue,
    newValue: h.newValue,
    user: ref(h.userId, h.userName),
    createdAt: h.createdAt.toISOString(),
  };
}

export function presentValue(v: typeof ticketingValues.$inferSelect): TicketValue {
  return {
    id: v.id,
    kind: v.kind as TicketValueKind,
    name: v.name,
    stateType: (v.stateType as TicketStateType | null) ?? null,
    builtIn: v.builtIn,
    position: v.position,
  };
}

export function presentBoard(b: typeof ticketingBoards.$inferSelect, count: number): TicketBoard {
  return {
    id: b.id,
    name: b.name,
    builtIn: b.builtIn,
    // Filters saved by an older version get today's defaults for what they lack.
    filters: ticketBoardFilters.parse(b.filters ?? {}),
    columns: b.columns as TicketBoardColumn[],
    sortField: b.sortField as TicketBoard["sortField"],
    sortDirection: b.sortDirection as TicketBoard["sortDirection"],
    count,
  };
}
