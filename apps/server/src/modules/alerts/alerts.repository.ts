import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AlertListQuery } from "@steward/contracts";
import { serverEvaluatedKinds, type FlapState, type HealthStatus } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { customFields } from "../custom-fields/custom-fields.tables.js";
import { deviceFieldValues } from "../devices/device-field-values.tables.js";
import { devices } from "../devices/devices.tables.js";
import { organizations } from "../organizations/organizations.tables.js";
import { policies } from "../policies/policies.tables.js";
import { alertConditionStates, alerts } from "./alerts.tables.js";

export type AlertRow = typeof alerts.$inferSelect;

/** An alert with the names the list shows. */
export type AlertListRow = AlertRow & {
  deviceName: string;
  organizationName: string;
  policyName: string | null;
};

/** What opening (or repeating) an alert writes. */
export interface AlertTrigger {
  organizationId: number;
  deviceId: number;
  policyId: number | null;
  conditionKey: string;
  conditionName: string;
  conditionKind: string;
  severity: string;
  priority: string;
  healthStatus: string;
  at: Date;
  value: number | null;
  detail: string;
  inMaintenance: boolean;
  autoResetMinutes: number | null;
  /** A repeat raises the count (a reconnection's snapshot only refreshes what it says). */
  countRepeat: boolean;
}

export interface AlertReset {
  cause: string;
  at: Date;
  byUserId?: number | null;
  by?: string | null;
  note?: string;
}

const listColumns = {
  deviceName: sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`,
  organizationName: organizations.name,
  policyName: policies.name,
};

// Worst first, as the contract orders severities, priorities and health.
const severityOrder = sql`case ${alerts.severity} when 'CRITICAL' then 0 when 'MAJOR' then 1 when 'MODERATE' then 2 else 3 end`;
const priorityOrder = sql`case ${alerts.priority} when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end`;
const healthOrder = sql`case ${alerts.healthStatus} when 'UNHEALTHY' then 0 when 'NEEDS_ATTENTION' then 1 when 'UNKNOWN' then 2 else 3 end`;

const autoResetAt = (at: Date, minutes: number | null) =>
  minutes === null ? null : new Date(at.getTime() + minutes * 60_000);

/** Every query on the alerts tables (and the health column of devices, which only alerts write). */
export class AlertsRepository {
  constructor(readonly db: Db) {}

  /**
   * Opens the alert, or when one is open for the device and condition, counts the repeat and
   * refreshes last seen, value and detail. `opened` says which happened.
   */
  async trigger(t: AlertTrigger): Promise<{ row: AlertRow; opened: boolean }> {
    const [row] = await this.db
      .insert(alerts)
      .values({
        organizationId: t.organizationId,
        deviceId: t.deviceId,
        policyId: t.policyId,
        severity: t.severity,
        priority: t.priority,
        healthStatus: t.healthStatus,
        conditionKey: t.conditionKey,
        conditionName: t.conditionName,
        conditionKind: t.conditionKind,
        firstSeenAt: t.at,
        lastSeenAt: t.at,
        value: t.value,
        detail: t.detail,
        inMaintenance: t.inMaintenance,
        autoResetAt: autoResetAt(t.at, t.autoResetMinutes),
      })
      .onConflictDoUpdate({
        target: [alerts.deviceId, alerts.conditionKey],
        targetWhere: sql`${alerts.status} = 'OPEN'`,
        set: {
          count: t.countRepeat ? sql`${alerts.count} + 1` : alerts.count,
          lastSeenAt: sql`greatest(${alerts.lastSeenAt}, excluded.last_seen_at)`,
          value: t.value,
          detail: t.detail,
          autoResetAt:
            t.autoResetMinutes === null
              ? null
              : sql`greatest(${alerts.lastSeenAt}, excluded.last_seen_at) + make_interval(mins => ${t.autoResetMinutes})`,
        },
      })
      .returning({ ...alertColumns(), opened: sql<boolean>`(xmax = 0)` });
    const { opened, ...rest } = row!;
    return { row: rest as AlertRow, opened };
  }

  /** The open alert of a device's condition. */
  async open(deviceId: number, conditionKey: string): Promise<AlertRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alerts)
      .where(
        and(eq(alerts.deviceId, deviceId), eq(alerts.conditionKey, conditionKey), eq(alerts.status, "OPEN")),
      );
    return row;
  }

  /** A device's open alerts of conditions the agent evaluates (or of the server's kinds). */
  async openOfDevice(deviceId: number, evaluatedBy: "AGENT" | "SERVER"): Promise<AlertRow[]> {
    const kinds = [...serverEvaluatedKinds];
    return this.db
      .select()
      .from(alerts)
      .where(
        and(
          eq(alerts.deviceId, deviceId),
          eq(alerts.status, "OPEN"),
          evaluatedBy === "AGENT"
            ? notInArray(alerts.conditionKind, kinds)
            : inArray(alerts.conditionKind, kinds),
        ),
      );
  }

  /** Open alerts of one kind anywhere (the server's own checks). */
  async openOfKind(kind: string): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.status, "OPEN"), eq(alerts.conditionKind, kind)));
  }

  /** Closes an open alert; undefined when it was no longer open. */
  async reset(id: number, r: AlertReset): Promise<AlertRow | undefined> {
    const [row] = await this.db
      .update(alerts)
      .set({
        status: "RESET",
        resetCause: r.cause,
        resetAt: r.at,
        resetByUserId: r.byUserId ?? null,
        resetBy: r.by ?? null,
        resetNote: r.note ?? "",
        autoResetAt: null,
      })
      .where(and(eq(alerts.id, id), eq(alerts.status, "OPEN")))
      .returning();
    return row;
  }

  async setFlapping(id: number, flapping: boolean): Promise<void> {
    await this.db.update(alerts).set({ flapping }).where(eq(alerts.id, id));
  }

  /** Open alerts whose auto-reset time has come. */
  async dueForAutoReset(now: Date, limit = 1000): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.status, "OPEN"), lte(alerts.autoResetAt, now)))
      .limit(limit);
  }

  // ---- Flap state ----

  async flapState(deviceId: number, conditionKey: string): Promise<FlapState | undefined> {
    const [row] = await this.db
      .select({ transitions: alertConditionStates.transitions, flapping: alertConditionStates.flapping })
      .from(alertConditionStates)
      .where(
        and(eq(alertConditionStates.deviceId, deviceId), eq(alertConditionStates.conditionKey, conditionKey)),
      );
    return row && { transitions: row.transitions.map((d) => d.getTime()), flapping: row.flapping };
  }

  async saveFlapState(deviceId: number, organizationId: number, conditionKey: string, state: FlapState) {
    const values = {
      transitions: state.transitions.map((t) => new Date(t)),
      flapping: state.flapping,
      lastTransitionAt: new Date(state.transitions[state.transitions.length - 1] ?? Date.now()),
    };
    await this.db
      .insert(alertConditionStates)
      .values({ deviceId, organizationId, conditionKey, ...values })
      .onConflictDoUpdate({
        target: [alertConditionStates.deviceId, alertConditionStates.conditionKey],
        set: values,
      });
  }

  /** Ends flapping where the last change is older than `before`; answers the conditions that settled. */
  async endFlapping(before: Date): Promise<{ deviceId: number; conditionKey: string }[]> {
    const settled = await this.db
      .update(alertConditionStates)
      .set({ flapping: false })
      .where(and(eq(alertConditionStates.flapping, true), lte(alertConditionStates.lastTransitionAt, before)))
      .returning({
        deviceId: alertConditionStates.deviceId,
        conditionKey: alertConditionStates.conditionKey,
      });
    for (const s of settled)
      await this.db
        .update(alerts)
        .set({ flapping: false })
        .where(
          and(
            eq(alerts.deviceId, s.deviceId),
            eq(alerts.conditionKey, s.conditionKey),
            eq(alerts.status, "OPEN"),
          ),
        );
    return settled;
  }

  // ---- Device health ----

  /** Sets the device's health to its worst open alert's (HEALTHY when none); answers it. */
  async refreshHealth(deviceId: number): Promise<HealthStatus> {
    const worst = sql`coalesce((select ${alerts.healthStatus} from ${alerts} where ${alerts.deviceId} = ${deviceId} and ${alerts.status} = 'OPEN' order by ${healthOrder} limit 1), 'HEALTHY')`;
    const [row] = await this.db
      .update(devices)
      .set({ healthStatus: worst })
      .where(eq(devices.id, deviceId))
      .returning({ healthStatus: devices.healthStatus });
    return (row?.healthStatus ?? "HEALTHY") as HealthStatus;
  }

  /** The names an alert's notification and activities use. */
  async deviceNames(deviceId: number): Promise<{ device: string; organization: string } | undefined> {
    const [row] = await this.db
      .select({ device: listColumns.deviceName, organization: organizations.name })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.organizationId))
      .where(eq(devices.id, deviceId));
    return row;
  }

  /** Devices down since before `before` (approved ones), and when they went down. */
  async devicesDownSince(before: Date): Promise<{ id: number; downSince: Date }[]> {
    return this.db
      .select({ id: devices.id, downSince: devices.statusChangedAt })
      .from(devices)
      .where(
        and(
          eq(devices.status, "DOWN"),
          eq(devices.approvalStatus, "APPROVED"),
          lte(devices.statusChangedAt, before),
        ),
      );
  }

  /** Where these devices stand now (status and since when). */
  async presence(deviceIds: readonly number[]): Promise<Map<number, { status: string; since: Date }>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: devices.id, status: devices.status, since: devices.statusChangedAt })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
    return new Map(rows.map((r) => [r.id, { status: r.status, since: r.since }]));
  }

  /** Approved devices' ids, in pages (the server's periodic checks). */
  async approvedDeviceIds(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.approvalStatus, "APPROVED"), sql`${devices.id} > ${afterId}`))
      .orderBy(asc(devices.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** These devices' effective custom-field values by lower-cased field name. */
  async fieldValues(deviceIds: readonly number[]): Promise<Map<number, Map<string, string>>> {
    const out = new Map<number, Map<string, string>>();
    if (deviceIds.length === 0) return out;
    const rows = await this.db
      .select({
        deviceId: deviceFieldValues.deviceId,
        name: customFields.name,
        value: deviceFieldValues.valueText,
      })
      .from(deviceFieldValues)
      .innerJoin(customFields, eq(customFields.id, deviceFieldValues.fieldId))
      .where(inArray(deviceFieldValues.deviceId, [...deviceIds]));
    for (const r of rows) {
      const map = out.get(r.deviceId) ?? new Map<string, string>();
      map.set(r.name.toLowerCase(), r.value);
      out.set(r.deviceId, map);
    }
    return out;
  }

  // ---- Console reads and changes ----

  /** The list's select; every caller adds a where with the scope. */
  private base() {
    return this.db
      .select({ ...alertColumns(), ...listColumns })
      .from(alerts)
      .innerJoin(devices, eq(devices.id, alerts.deviceId))
      .innerJoin(organizations, eq(organizations.id, alerts.organizationId))
      .leftJoin(policies, eq(policies.id, alerts.policyId))
      .$dynamic();
  }

  async byId(scope: Scope, id: number): Promise<AlertListRow | undefined> {
    const [row] = await this.base().where(and(inScope(scope, alerts.organizationId), eq(alerts.id, id)));
    return row;
  }

  async list(scope: Scope, q: AlertListQuery): Promise<{ items: AlertListRow[]; total: number }> {
    const where = and(inScope(scope, alerts.organizationId), ...filters(q));
    const order = q.order === "desc" ? desc : asc;
    const sortKey: Record<AlertListQuery["sort"], SQL | typeof alerts.count> = {
      severity: severityOrder,
      priority: priorityOrder,
      lastSeen: sql`${alerts.lastSeenAt}`,
      firstSeen: sql`${alerts.firstSeenAt}`,
      count: alerts.count,
      device: listColumns.deviceName,
      organization: sql`lower(${organizations.name})`,
      condition: sql`lower(${alerts.conditionName})`,
    };
    // Ties: the most recent first, then by id so pages never overlap.
    const items = await this.base()
      .where(where)
      .orderBy(order(sortKey[q.sort]), desc(alerts.lastSeenAt), desc(alerts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .innerJoin(devices, eq(devices.id, alerts.deviceId))
      .where(where);
    return { items, total: count?.n ?? 0 };
  }

  /** Open alerts in scope per severity (whatever the list's filters). */
  async openBySeverity(
    scope: Scope,
    organizationId?: number,
    deviceId?: number,
  ): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ severity: alerts.severity, n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(
        and(
          inScope(scope, alerts.organizationId),
          eq(alerts.status, "OPEN"),
          organizationId === undefined ? undefined : eq(alerts.organizationId, organizationId),
          deviceId === undefined ? undefined : eq(alerts.deviceId, deviceId),
        ),
      )
      .groupBy(alerts.severity);
    return Object.fromEntries(rows.map((r) => [r.severity, r.n]));
  }

  /**
   * Acknowledges the open alerts among these ids in scope (a reset alert keeps its history as it
   * was); answers the alerts it changed.
   */
  async acknowledge(
    scope: Scope,
    ids: readonly number[],
    by: { userId: number; name: string },
    note: string,
    at: Date,
  ): Promise<{ id: number; organizationId: number; deviceId: number }[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(alerts)
      .set({
        acknowledgedByUserId: by.userId,
        acknowledgedBy: by.name,
        acknowledgedAt: at,
        acknowledgedNote: note,
      })
      .where(
        and(inScope(scope, alerts.organizationId), inArray(alerts.id, [...ids]), eq(alerts.status, "OPEN")),
      )
      .returning({ id: alerts.id, organizationId: alerts.organizationId, deviceId: alerts.deviceId });
  }

  /** The open alerts among these ids in scope. */
  async openInScope(scope: Scope, ids: readonly number[]): Promise<AlertRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(alerts)
      .where(
        and(inScope(scope, alerts.organizationId), inArray(alerts.id, [...ids]), eq(alerts.status, "OPEN")),
      );
  }

  /** The ids among these that exist in scope (open or not). */
  async existingInScope(scope: Scope, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(inScope(scope, alerts.organizationId), inArray(alerts.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  }
}

const alertColumns = () => getTableColumns(alerts);

function filters(q: AlertListQuery): (SQL | undefined)[] {
  const search = q.search?.trim();
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return [
    eq(alerts.status, q.status),
    q.severity ? inArray(alerts.severity, q.severity) : undefined,
    q.priority ? inArray(alerts.priority, q.priority) : undefined,
    q.organizationId === undefined ? undefined : eq(alerts.organizationId, q.organizationId),
    q.deviceId === undefined ? undefined : eq(alerts.deviceId, q.deviceId),
    q.acknowledged === undefined
      ? undefined
      : q.acknowledged
        ? sql`${alerts.acknowledgedAt} is not null`
        : sql`${alerts.acknowledgedAt} is null`,
    like
      ? or(
          ilike(alerts.conditionName, like),
          ilike(alerts.detail, like),
          ilike(devices.hostname, like),
          ilike(sql`coalesce(${devices.displayName}, '')`, like),
        )
      : undefined,
  ];
}
