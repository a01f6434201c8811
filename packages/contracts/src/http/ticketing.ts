import { z } from "zod";
import { id as idType, coercedId, pageNumber, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { emailField } from "./auth.js";

const id = idType();

/** The state every ticket status stands for; custom statuses name one of these. */
export const TICKET_STATE_TYPES = ["NEW", "OPEN", "WAITING", "PAUSED", "RESOLVED", "CLOSED"] as const;
export const ticketStateType = z.enum(TICKET_STATE_TYPES);
export type TicketStateType = z.infer<typeof ticketStateType>;

/** Where a ticket came from. */
export const TICKET_SOURCES = [
  "WEB_FORM",
  "EMAIL",
  "TECHNICIAN",
  "HELP_REQUEST",
  "END_USER",
  "CONDITION",
  "SCHEDULED_SCRIPT",
  "ACTIVITY",
] as const;
export const ticketSource = z.enum(TICKET_SOURCES);
export type TicketSource = z.infer<typeof ticketSource>;

/** The setup value lists administrators edit. */
export const TICKET_VALUE_KINDS = [
  "STATUS",
  "PRIORITY",
  "SEVERITY",
  "IMPACT",
  "TYPE",
  "SERVICE_BOARD",
] as const;
export const ticketValueKind = z.enum(TICKET_VALUE_KINDS);
export type TicketValueKind = z.infer<typeof ticketValueKind>;

/** The columns a board can show. */
export const TICKET_BOARD_COLUMNS = [
  "id",
  "subject",
  "status",
  "priority",
  "severity",
  "type",
  "organization",
  "device",
  "assignee",
  "requester",
  "source",
  "createdAt",
  "updatedAt",
] as const;
export const ticketBoardColumn = z.enum(TICKET_BOARD_COLUMNS);
export type TicketBoardColumn = z.infer<typeof ticketBoardColumn>;

export const TICKET_SORT_FIELDS = ["id", "subject", "createdAt", "updatedAt", "priority", "status"] as const;
export const ticketSortField = z.enum(TICKET_SORT_FIELDS);
export const sortDirection = z.enum(["ASC", "DESC"]);

/** The longest description or comment a ticket keeps (its HTML, after sanitizing). */
export const MAX_TICKET_HTML = 100_000;

// ---- Setup value lists ----

export const ticketValue = z.object({
  id: z.number(),
  kind: ticketValueKind,
  name: z.string(),
  /** Statuses only: the state the status stands for. */
  stateType: ticketStateType.nullable(),
  builtIn: z.boolean(),
  position: z.number(),
});
export type TicketValue = z.infer<typeof ticketValue>;
export const ticketValueList = z.object({ items: z.array(ticketValue) });
export type TicketValueList = z.infer<typeof ticketValueList>;

export const listTicketValuesQuery = z.object({ kind: ticketValueKind.optional() });

export const saveTicketValueRequest = z
  .strictObject({
    kind: ticketValueKind,
    name: text().trim().min(1, validationEn.mandatory).max(100),
    stateType: ticketStateType.nullable().default(null),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((v) => v.kind !== "STATUS" || v.stateType !== null, {
    path: ["stateType"],
    message: validationEn.mandatory,
  });
export type SaveTicketValueRequest = z.input<typeof saveTicketValueRequest>;

export const ticketingSettings = z.object({
  /** Hours a RESOLVED ticket waits before it is CLOSED. */
  closeResolvedAfterHours: z.number().int(),
});
export type TicketingSettings = z.infer<typeof ticketingSettings>;
export const saveTicketingSettingsRequest = z.strictObject({
  closeResolvedAfterHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365),
});

// ---- Tickets ----

const ref = z.object({ id: z.number(), name: z.string() }).nullable();
const optionalId = id.nullable().optional();
const tag = text().trim().min(1).max(50);

/** A ticket's status; a built-in one is shown by its state's name in the reader's language. */
export const ticketStatusRef = z.object({
  id: z.number(),
  name: z.string(),
  stateType: ticketStateType,
  builtIn: z.boolean(),
});

export const ticket = z.object({
  id: z.number(),
  subject: z.string(),
  /** Sanitized HTML. */
  descriptionHtml: z.string(),
  status: ticketStatusRef,
  priority: ref,
  severity: ref,
  impact: ref,
  type: ref,
  serviceBoard: ref,
  tags: z.array(z.string()),
  requesterName: z.string(),
  requesterEmail: z.string(),
  assignee: ref,
  cc: z.array(z.string()),
  organization: z.object({ id: z.number(), name: z.string() }),
  location: ref,
  device: ref,
  source: ticketSource,
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticket>;

/** The fields a technician sets on a ticket (all but the organization may change later). */
const ticketFields = {
  subject: text().trim().min(1, validationEn.mandatory).max(200),
  descriptionHtml: text().max(MAX_TICKET_HTML),
  statusId: id,
  priorityId: optionalId,
  severityId: optionalId,
  impactId: optionalId,
  typeId: optionalId,
  serviceBoardId: optionalId,
  tags: z.array(tag).max(20),
  requesterName: text().trim().max(200),
  requesterEmail: z.union([z.literal(""), emailField]),
  assigneeId: optionalId,
  cc: z.array(emailField).max(20),
  locationId: optionalId,
  deviceId: optionalId,
};

export const createTicketRequest = z.strictObject({
  organizationId: id,
  ...ticketFields,
  descriptionHtml: ticketFields.descriptionHtml.default(""),
  statusId: id.optional(),
  tags: ticketFields.tags.default([]),
  requesterName: ticketFields.requesterName.default(""),
  requesterEmail: ticketFields.requesterEmail.default(""),
  cc: ticketFields.cc.default([]),
  source: ticketSource.default("TECHNICIAN"),
});
export type CreateTicketRequest = z.input<typeof createTicketRequest>;

export const updateTicketRequest = z.strictObject({
  subject: ticketFields.subject.optional(),
  descriptionHtml: ticketFields.descriptionHtml.optional(),
  statusId: ticketFields.statusId.optional(),
  priorityId: optionalId,
  severityId: optionalId,
  impactId: optionalId,
  typeId: optionalId,
  serviceBoardId: optionalId,
  tags: ticketFields.tags.optional(),
  requesterName: ticketFields.requesterName.optional(),
  requesterEmail: ticketFields.requesterEmail.optional(),
  assigneeId: optionalId,
  cc: ticketFields.cc.optional(),
  locationId: optionalId,
  deviceId: optionalId,
});
export type UpdateTicketRequest = z.input<typeof updateTicketRequest>;

export const ticketComment = z.object({
  id: z.number(),
  bodyHtml: z.string(),
  /** A public reply (true) or a private note (false). */
  public: z.boolean(),
  author: ref,
  createdAt: z.string(),
});
export type TicketComment = z.infer<typeof ticketComment>;

export const addTicketCommentRequest = z.strictObject({
  bodyHtml: text().trim().min(1, validationEn.mandatory).max(MAX_TICKET_HTML),
  public: z.boolean().default(true),
});
export type AddTicketCommentRequest = z.input<typeof addTicketCommentRequest>;

export const ticketHistoryEntry = z.object({
  id: z.number(),
  /** "created", "comment", or the field that changed. */
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  user: ref,
  createdAt: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntry>;

export const ticketDetail = z.object({
  ticket,
  comments: z.array(ticketComment),
  history: z.array(ticketHistoryEntry),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

// ---- Boards ----

export const ticketBoardFilters = z.strictObject({
  stateTypes: z.array(ticketStateType).max(6).default([]),
  statusIds: z.array(id).max(100).default([]),
  priorityIds: z.array(id).max(100).default([]),
  severityIds: z.array(id).max(100).default([]),
  typeIds: z.array(id).max(100).default([]),
  serviceBoardIds: z.array(id).max(100).default([]),
  organizationIds: z.array(id).max(500).default([]),
  assigneeIds: z.array(id).max(100).default([]),
  /** Only tickets nobody is assigned to. */
  unassigned: z.boolean().default(false),
  tags: z.array(tag).max(20).default([]),
});
export type TicketBoardFilters = z.output<typeof ticketBoardFilters>;

export const ticketBoard = z.object({
  id: z.number(),
  name: z.string(),
  builtIn: z.boolean(),
  filters: z.object({
    stateTypes: z.array(ticketStateType),
    statusIds: z.array(z.number()),
    priorityIds: z.array(z.number()),
    severityIds: z.array(z.number()),
    typeIds: z.array(z.number()),
    serviceBoardIds: z.array(z.number()),
    organizationIds: z.array(z.number()),
    assigneeIds: z.array(z.number()),
    unassigned: z.boolean(),
    tags: z.array(z.string()),
  }),
  columns: z.array(ticketBoardColumn),
  sortField: ticketSortField,
  sortDirection,
  /** Tickets on the board the caller may see. */
  count: z.number(),
});
export type TicketBoard = z.infer<typeof ticketBoard>;
export const ticketBoardList = z.object({ items: z.array(ticketBoard) });
export type TicketBoardList = z.infer<typeof ticketBoardList>;

export const saveTicketBoardRequest = z.strictObject({
  name: text().trim().min(1, validationEn.mandatory).max(100),
  filters: ticketBoardFilters.default(ticketBoardFilters.parse({})),
  columns: z
    .array(ticketBoardColumn)
    .min(1)
    .max(TICKET_BOARD_COLUMNS.length)
    .default(["id", "subject", "status"]),
  sortField: ticketSortField.default("id"),
  sortDirection: sortDirection.default("DESC"),
});
export type SaveTicketBoardRequest = z.input<typeof saveTicketBoardRequest>;

/** One page of a board: its filters, narrowed by these. */
export const boardTicketsQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  search: text().trim().max(200).optional(),
  sortField: ticketSortField.optional(),
  sortDirection: sortDirection.optional(),
  organizationId: coercedId().optional(),
  deviceId: coercedId().optional(),
  statusId: coercedId().optional(),
  priorityId: coercedId().optional(),
  stateType: ticketStateType.optional(),
});
export type BoardTicketsQuery = z.input<typeof boardTicketsQuery>;

export const ticketRow = ticket.omit({ descriptionHtml: true });
export type TicketRow = z.infer<typeof ticketRow>;
export const ticketPage = z.object({
  items: z.array(ticketRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TicketPage = z.infer<typeof ticketPage>;
