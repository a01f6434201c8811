import { z } from "zod";
import { coercedId, pageNumber, paged, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";

export const auditOutcomes = ["SUCCESS", "FAILURE"] as const;
export const auditOutcome = z.enum(auditOutcomes);
export type AuditOutcome = z.infer<typeof auditOutcome>;

// The one text type: PostgreSQL cannot store or compare NUL or lone surrogates.
const filterText = (max: number) => text().trim().max(max).optional();

const filterFields = z.object({
  /** Part of the actor's name as recorded (an email), case-insensitive. */
  actor: filterText(200),
  /** Actions starting with this ("credential." or "credential.create"). */
  action: filterText(100),
  organizationId: coercedId().optional(),
  targetType: filterText(100),
  outcome: auditOutcome.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Free text over action, target, actor, IP address and the event's data. */
  q: filterText(200),
});

const periodInOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to);
const periodMessage = { message: validationEn.audit.periodOrder, path: ["from"] };

/** The filters of the audit log (GET /api/audit-events/export.csv; the list adds paging). */
export const auditEventFilters = filterFields.refine(periodInOrder, periodMessage);
export type AuditEventFilters = z.infer<typeof auditEventFilters>;

/** GET /api/audit-events: newest first, a page at a time. */
export const auditEventQuery = filterFields
  .extend({
    page: pageNumber(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(periodInOrder, periodMessage);
export type AuditEventQuery = z.infer<typeof auditEventQuery>;

export const auditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The actor as named when the event happened (an email), or null for the server itself. */
  actorLabel: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  /** The organization's current name; null when there is none or it was deleted. */
  organizationName: z.string().nullable(),
  outcome: auditOutcome,
  ip: z.string().nullable(),
  /** Names, ids and flags about the event; never secrets. */
  data: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditEventList = paged(auditEvent);
export type AuditEventList = z.infer<typeof auditEventList>;
