import type { AlertView } from "@steward/contracts";
import type { AlertListRow } from "./alerts.repository.js";

const iso = (d: Date) => d.toISOString();

/** An alert row as the contract shapes it. */
export function presentAlert(row: AlertListRow): AlertView {
  return {
    id: row.id,
    status: row.status as AlertView["status"],
    severity: row.severity as AlertView["severity"],
    priority: row.priority as AlertView["priority"],
    healthStatus: row.healthStatus as AlertView["healthStatus"],
    device: { id: row.deviceId, name: row.deviceName },
    organization: { id: row.organizationId, name: row.organizationName },
    policy:
      row.policyId !== null && row.policyName !== null ? { id: row.policyId, name: row.policyName } : null,
    condition: { key: row.conditionKey, name: row.conditionName, kind: row.conditionKind },
    firstSeenAt: iso(row.firstSeenAt),
    lastSeenAt: iso(row.lastSeenAt),
    count: row.count,
    value: row.value,
    detail: row.detail,
    flapping: row.flapping,
    inMaintenance: row.inMaintenance,
    acknowledged:
      row.acknowledgedAt === null
        ? null
        : { by: row.acknowledgedBy ?? "", at: iso(row.acknowledgedAt), note: row.acknowledgedNote ?? "" },
    reset:
      row.resetAt === null || row.resetCause === null
        ? null
        : {
            cause: row.resetCause as NonNullable<AlertView["reset"]>["cause"],
            at: iso(row.resetAt),
            by: row.resetBy,
            note: row.resetNote ?? "",
          },
  };
}
