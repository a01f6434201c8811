import type { AuditOutcome } from "@steward/contracts";
import type { MessageKey, Translate } from "../../../i18n";
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

export const outcomeText: Record<AuditOutcome, MessageKey> = {
  SUCCESS: "audit.outcomes.success",
  FAILURE: "audit.outcomes.failure",
};

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

/** The actions the server records, in words; an action not listed shows its own name in words. */
const actionText: Record<string, MessageKey> = {
  "audit.export": "audit.actions.auditExport",
  "auth.mfa_failed": "audit.actions.authMfaFailed",
  "auth.mfa_locked": "audit.actions.authMfaLocked",
  "auth.recovery_code_used": "audit.actions.authRecoveryCodeUsed",
  "auth.sign_in": "audit.actions.authSignIn",
  "auth.sign_in_throttled": "audit.actions.authSignInThrottled",
  "credential.create": "audit.actions.credentialCreate",
  "credential.delete": "audit.actions.credentialDelete",
  "credential.update": "audit.actions.credentialUpdate",
  "credential.use": "audit.actions.credentialUse",
  "custom_field.create": "audit.actions.customFieldCreate",
  "custom_field.delete": "audit.actions.customFieldDelete",
  "custom_field.update": "audit.actions.customFieldUpdate",
  "device.approve": "audit.actions.deviceApprove",
  "device.reject": "audit.actions.deviceReject",
  "device.delete": "audit.actions.deviceDelete",
  "device.wake_on_lan": "audit.actions.deviceWakeOnLan",
  "device.reboot": "audit.actions.deviceReboot",
  "device.shutdown": "audit.actions.deviceShutdown",
  "device.command": "audit.actions.deviceCommand",
  "device.uninstall": "audit.actions.deviceUninstall",
  "device_role.create": "audit.actions.deviceRoleCreate",
  "device_role.delete": "audit.actions.deviceRoleDelete",
  "device_role.update": "audit.actions.deviceRoleUpdate",
  "enrollment_token.created": "audit.actions.enrollmentTokenCreated",
  "enrollment_token.revealed": "audit.actions.enrollmentTokenRevealed",
  "enrollment_token.revoked": "audit.actions.enrollmentTokenRevoked",
  "job.cancelled": "audit.actions.jobCancelled",
  "jobs.submitted": "audit.actions.jobsSubmitted",
  "location.create": "audit.actions.locationCreate",
  "location.delete": "audit.actions.locationDelete",
  "location.update": "audit.actions.locationUpdate",
  "organization.create": "audit.actions.organizationCreate",
  "organization.delete": "audit.actions.organizationDelete",
  "organization.update": "audit.actions.organizationUpdate",
  "saved_search.create": "audit.actions.savedSearchCreate",
  "saved_search.delete": "audit.actions.savedSearchDelete",
  "saved_search.update": "audit.actions.savedSearchUpdate",
  "scheduled_task.create": "audit.actions.scheduledTaskCreate",
  "scheduled_task.delete": "audit.actions.scheduledTaskDelete",
  "scheduled_task.run_now": "audit.actions.scheduledTaskRunNow",
  "scheduled_task.update": "audit.actions.scheduledTaskUpdate",
  "script.create": "audit.actions.scriptCreate",
  "script.delete": "audit.actions.scriptDelete",
  "script.update": "audit.actions.scriptUpdate",
  "settings.update": "audit.actions.settingsUpdate",
  "technician.deleted": "audit.actions.technicianDeleted",
  "technician.disable": "audit.actions.technicianDisable",
  "technician.enable": "audit.actions.technicianEnable",
  "technician.reset-mfa": "audit.actions.technicianResetMfa",
  "technician.invite_accepted": "audit.actions.technicianInviteAccepted",
  "technician.invited": "audit.actions.technicianInvited",
  "technician.reinvited": "audit.actions.technicianReinvited",
  "technician.roles_changed": "audit.actions.technicianRolesChanged",
  "technician.updated": "audit.actions.technicianUpdated",
  "technician_role.copied": "audit.actions.technicianRoleCopied",
  "technician_role.created": "audit.actions.technicianRoleCreated",
  "technician_role.deleted": "audit.actions.technicianRoleDeleted",
  "technician_role.updated": "audit.actions.technicianRoleUpdated",
};

/** The kinds of target the server records, in words. */
const targetText: Record<string, MessageKey> = {
  audit_log: "audit.targets.auditLog",
  credential: "audit.targets.credential",
  custom_field: "audit.targets.customField",
  device: "audit.targets.device",
  device_role: "audit.targets.deviceRole",
  enrollment_token: "audit.targets.enrollmentToken",
  job: "audit.targets.job",
  location: "audit.targets.location",
  organization: "audit.targets.organization",
  saved_search: "audit.targets.savedSearch",
  scheduled_task: "audit.targets.scheduledTask",
  script: "audit.targets.script",
  settings: "audit.targets.settings",
  technician_role: "audit.targets.technicianRole",
  user: "audit.targets.user",
};

/** "foo.bar_baz" → "Foo bar baz": the name of something the console has no words for yet. */
function inWords(name: string): string {
  const words = name.replace(/[._]/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "credential.create" → "Credential create" (in the reader's language). */
export function actionLabel(action: string, t: Translate): string {
  const id = actionText[action];
  return id ? t(id) : inWords(action);
}

/** "enrollment_token" → "Enrollment token" (in the reader's language). */
export function targetLabel(targetType: string, t: Translate): string {
  const id = targetText[targetType];
  return id ? t(id) : inWords(targetType);
}
