import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  addTicketCommentRequest,
  createTicketRequest,
  Ticket,
  TicketDetail,
  TicketValueKind,
  updateTicketRequest,
} from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, scopeCovers, type Scope } from "../../platform/identity/index.js";
import { builtInStatusId, ensureTicketingDefaults } from "./ticketing.defaults.js";
import { presentComment, presentHistory, presentTicket } from "./ticketing.presenter.js";
import type { TicketingRepository, TicketRecord } from "./ticketing.repository.js";
import { sanitizeTicketHtml, textOfTicketHtml } from "./ticketing.sanitize.js";
import type { tickets } from "./ticketing.tables.js";

type CreateInput = z.output<typeof createTicketRequest>;
type UpdateInput = z.output<typeof updateTicketRequest>;
type CommentInput = z.output<typeof addTicketCommentRequest>;
type TicketValues = Partial<typeof tickets.$inferInsert>;

/** Who changes a ticket, and the organizations their permission reaches. */
export interface TicketEditor {
  request: FastifyRequest | null;
  userId: number | null;
  scope: Scope;
}

const ticketNotFound = () => new AppError("E_TICKET_NOT_FOUND", 404);
const invalid = (field: string) =>
  new AppError("E_VALIDATION", 400, { id: "errors.validation.fieldInvalid", values: { field } });

/** The reference fields of a ticket and the setup list each must come from. */
const valueFields = [
  ["statusId", "STATUS", "status"],
  ["priorityId", "PRIORITY", "priority"],
  ["severityId", "SEVERITY", "severity"],
  ["impactId", "IMPACT", "impact"],
  ["typeId", "TYPE", "type"],
  ["serviceBoardId", "SERVICE_BOARD", "serviceBoard"],
] as const satisfies readonly (readonly [keyof UpdateInput, TicketValueKind, string])[];

/** How a changed field reads in the history. */
function shown(record: TicketRecord, field: string): string | null {
  switch (field) {
    case "status":
      return record.statusName;
    case "priority":
      return record.priorityName;
    case "severity":
      return record.severityName;
    case "impact":
      return record.impactName;
    case "type":
      return record.typeName;
    case "serviceBoard":
      return record.serviceBoardName;
    case "assignee":
      return record.assigneeName;
    case "location":
      return record.locationName;
    case "device":
      return record.deviceName;
    case "tags":
      return record.tags.join(", ");
    case "cc":
      return record.cc.join(", ");
    case "subject":
      return record.subject;
    case "requester":
      return [record.requesterName, record.requesterEmail].filter(Boolean).join(" ") || null;
    default:
      return null;
  }
}

/** The resolved and closed instants that go with a status's state. */
function stateTimes(state: string | null, now: Date, current: { resolvedAt: Date | null } | null) {
  if (state === "RESOLVED") return { resolvedAt: now, closedAt: null };
  if (state === "CLOSED") return { resolvedAt: current?.resolvedAt ?? now, closedAt: now };
  return { resolvedAt: null, closedAt: null };
}

/**
 * Tickets: creating, changing and commenting within the caller's organizations, each change
 * written to the ticket's history; and closing resolved tickets once the configured delay passed.
 */
export function createTicketsService(deps: { repo: TicketingRepository; clock?: () => Date }) {
  const { repo } = deps;
  const db = repo.db;
  const clock = deps.clock ?? (() => new Date());
  let defaults: Promise<void> | null = null;
  const ready = () =>
    (defaults ??= ensureTicketingDefaults(db).catch((e: unknown) => {
      defaults = null;
      throw e;
    }));

  /** The state type of a value of the kind, or refuses the field. */
  async function checkValue(id: number, kind: TicketValueKind, field: string) {
    const value = await repo.value(id);
    if (!value || value.kind !== kind) throw invalid(field);
    return value;
  }

  /** Checks every reference the input sets (values, place, assignee) for the organization. */
  async function checkReferences(input: UpdateInput, organizationId: number) {
    for (const [key, kind] of valueFields) {
      const id = input[key];
      if (typeof id === "number") await checkValue(id, kind, key);
    }
    for (const kind of ["location", "device"] as const) {
      const id = input[`${kind}Id`];
      if (typeof id !== "number") continue;
      const place = await repo.placeOf(kind, id);
      if (!place || place.organizationId !== organizationId) throw invalid(`${kind}Id`);
    }
    if (typeof input.assigneeId === "number" && (await repo.userName(input.assigneeId)) === null)
      throw invalid("assigneeId");
  }

  async function get(id: number, scope: Scope): Promise<TicketDetail> {
    await ready();
    const record = await repo.ticket(id, scope);
    if (!record) throw ticketNotFound();
    const [description, comments, history] = await Promise.all([
      repo.descriptionOf(id),
      repo.comments(id),
      repo.history(id),
    ]);
    return {
      ticket: presentTicket(record, description),
      comments: comments.map(presentComment),
      history: history.map(presentHistory),
    };
  }

  async function create(input: CreateInput, editor: TicketEditor): Promise<Ticket> {
    await ready();
    // Another organization's id answers like one that does not exist.
    if (
      !(await repo.organizationExists(input.organizationId)) ||
      !scopeCovers(editor.scope, input.organizationId)
    )
      throw invalid("organizationId");
    await checkReferences(input, input.organizationId);
    const statusId = input.statusId ?? builtInStatusId("NEW");
    const status = await checkValue(statusId, "STATUS", "statusId");
    const now = clock();
    const html = sanitizeTicketHtml(input.descriptionHtml);
    const id = await db.transaction(async (tx) => {
      const ticketId = await repo.insertTicket(tx as Db, {
        organizationId: input.organizationId,
        subject: input.subject,
        descriptionHtml: html,
        descriptionText: textOfTicketHtml(html),
        statusId,
        priorityId: input.priorityId ?? null,
        severityId: input.severityId ?? null,
        impactId: input.impactId ?? null,
        typeId: input.typeId ?? null,
        serviceBoardId: input.serviceBoardId ?? null,
        tags: input.tags,
        requesterName: input.requesterName,
        requesterEmail: input.requesterEmail,
        assigneeUserId: input.assigneeId ?? null,
        cc: input.cc,
        locationId: input.locationId ?? null,
        deviceId: input.deviceId ?? null,
        source: input.source,
        createdByUserId: editor.userId,
        createdAt: now,
        updatedAt: now,
        ...stateTimes(status.stateType, now, null),
      });
      await repo.addHistory(tx as Db, [
        {
          ticketId,
          organizationId: input.organizationId,
          field: "created",
          oldValue: null,
          newValue: status.name,
          userId: editor.userId,
          createdAt: now,
        },
      ]);
      return ticketId;
    });
    await audit(db, editor.request, {
      action: "ticket.create",
      targetType: "ticket",
      targetId: id,
      organizationId: input.organizationId,
      data: { source: input.source },
    });
    return (await get(id, editor.scope)).ticket;
  }

  /** The columns the input changes (only those that differ from the ticket now). */
  async function changesOf(before: TicketRecord, input: UpdateInput, now: Date) {
    const values: TicketValues = {};
    const changed = new Set<string>();
    const set = <K extends keyof TicketValues>(
      key: K,
      value: TicketValues[K],
      field: string,
      same: boolean,
    ) => {
      if (same) return;
      values[key] = value;
      changed.add(field);
    };
    if (input.subject !== undefined)
      set("subject", input.subject, "subject", input.subject === before.subject);
    if (input.descriptionHtml !== undefined) {
      const html = sanitizeTicketHtml(input.descriptionHtml);
      if (html !== (await repo.descriptionOf(before.id))) {
        values.descriptionHtml = html;
        values.descriptionText = textOfTicketHtml(html);
        changed.add("description");
      }
    }
    for (const [key, , field] of valueFields) {
      const next = input[key];
      if (next === undefined) continue;
      if (key === "statusId" && next === null) throw invalid("statusId");
      set(key, next, field, next === before[key]);
    }
    if (values.statusId !== undefined) {
      const status = await repo.value(values.statusId!);
      Object.assign(values, stateTimes(status!.stateType, now, before));
    }
    if (input.assigneeId !== undefined)
      set("assigneeUserId", input.assigneeId, "assignee", input.assigneeId === before.assigneeId);
    if (input.locationId !== undefined)
      set("locationId", input.locationId, "location", input.locationId === before.locationId);
    if (input.deviceId !== undefined)
      set("deviceId", input.deviceId, "device", input.deviceId === before.deviceId);
    const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (input.tags !== undefined) set("tags", input.tags, "tags", sameList(input.tags, before.tags));
    if (input.cc !== undefined) set("cc", input.cc, "cc", sameList(input.cc, before.cc));
    if (input.requesterName !== undefined)
      set("requesterName", input.requesterName, "requester", input.requesterName === before.requesterName);
    if (input.requesterEmail !== undefined)
      set(
        "requesterEmail",
        input.requesterEmail,
        "requester",
        input.requesterEmail === before.requesterEmail,
      );
    return { values, changed };
  }

  async function update(id: number, input: UpdateInput, editor: TicketEditor): Promise<Ticket> {
    await ready();
    const before = await repo.ticket(id, editor.scope);
    if (!before) throw ticketNotFound();
    await checkReferences(input, before.organizationId);
    const now = clock();
    const { values, changed } = await changesOf(before, input, now);
    if (changed.size > 0) {
      await db.transaction(async (tx) => {
        await repo.updateTicket(tx as Db, id, { ...values, updatedAt: now });
        const after = (await repo.ticket(id, editor.scope, tx as Db))!;
        await repo.addHistory(
          tx as Db,
          [...changed].map((field) => ({
            ticketId: id,
            organizationId: before.organizationId,
            field,
            oldValue: shown(before, field),
            newValue: shown(after, field),
            userId: editor.userId,
            createdAt: now,
          })),
        );
      });
      await audit(db, editor.request, {
        action: "ticket.update",
        targetType: "ticket",
        targetId: id,
        organizationId: before.organizationId,
        data: { fields: [...changed] },
      });
    }
    return (await get(id, editor.scope)).ticket;
  }

  async function comment(id: number, input: CommentInput, editor: TicketEditor): Promise<TicketDetail> {
    await ready();
    const ticket = await repo.ticket(id, editor.scope);
    if (!ticket) throw ticketNotFound();
    const html = sanitizeTicketHtml(input.bodyHtml);
    if (textOfTicketHtml(html) === "" && !html.includes("<img")) throw invalid("bodyHtml");
    const now = clock();
    await db.transaction(async (tx) => {
      await repo.addComment(tx as Db, {
        ticketId: id,
        organizationId: ticket.organizationId,
        bodyHtml: html,
        public: input.public,
        authorUserId: editor.userId,
        createdAt: now,
      });
      await repo.addHistory(tx as Db, [
        {
          ticketId: id,
          organizationId: ticket.organizationId,
          field: input.public ? "reply" : "note",
          oldValue: null,
          newValue: null,
          userId: editor.userId,
          createdAt: now,
        },
      ]);
      await repo.updateTicket(tx as Db, id, { updatedAt: now });
    });
    return get(id, editor.scope);
  }

  /** Closes the tickets resolved longer ago than the configured delay; answers how many. */
  async function closeDue(): Promise<number> {
    await ready();
    const now = clock();
    const { closeResolvedAfterHours } = await repo.settings();
    const due = await repo.resolvedBefore(new Date(now.getTime() - closeResolvedAfterHours * 3_600_000), 500);
    const closed = await repo.value(builtInStatusId("CLOSED"));
    for (const t of due) {
      await db.transaction(async (tx) => {
        await repo.updateTicket(tx as Db, t.id, { statusId: closed!.id, closedAt: now, updatedAt: now });
        await repo.addHistory(tx as Db, [
          {
            ticketId: t.id,
            organizationId: t.organizationId,
            field: "status",
            oldValue: t.statusName,
            newValue: closed!.name,
            userId: null,
            createdAt: now,
          },
        ]);
      });
    }
    return due.length;
  }

  return { ready, get, create, update, comment, closeDue };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
