import type { AuditFilters } from "../api";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Action prefixes offered in the Action filter (any other prefix may be typed). */
export const ACTION_SUGGESTIONS = [
  "auth.",
  "audit.",
  "credential.",
  "device.",
  "enrollment_token.",
  "job",
  "location.",
  "organization.",
  "role.",
  "script.",
  "settings.",
  "technician.",
];

export const OUTCOME_OPTIONS = [
  { value: "SUCCESS", label: "Succeeded" },
  { value: "FAILURE", label: "Failed" },
];

/** The local start (or end) of a YYYY-MM-DD day, as an ISO date-time; null when not a day. */
export function dayBound(day: string | null, end: boolean): string | null {
  if (!day || !DAY.test(day)) return null;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The filters of the page URL: actor, action, organization, outcome, from/to (days), q. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const org = params.get("organization");
  const outcome = params.get("outcome");
  return {
    actor: params.get("actor")?.trim() ?? "",
    action: params.get("action")?.trim() ?? "",
    organizationId: org && /^\d{1,10}$/.test(org) && Number(org) > 0 ? Number(org) : null,
    outcome: outcome === "SUCCESS" || outcome === "FAILURE" ? outcome : null,
    from: dayBound(params.get("from"), false),
    to: dayBound(params.get("to"), true),
    q: params.get("q")?.trim() ?? "",
  };
}

/** True when any filter is set. */
export function hasFilters(f: AuditFilters): boolean {
  return Boolean(f.actor || f.action || f.organizationId !== null || f.outcome || f.from || f.to || f.q);
}

/** "credential.create" → "Credential create"; "enrollment_token.revealed" → "Enrollment token revealed". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
