import type { AlertListQuery, AlertListResponse, AlertView } from "@steward/contracts";
import { conditionSeverities } from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
import type { DeviceConditions } from "../policies/index.js";
import type { AlertEngine } from "./alerts.engine.js";
import { presentAlert } from "./alerts.presenter.js";
import type { AlertsRepository } from "./alerts.repository.js";

export interface AlertsServiceDeps {
  repo: AlertsRepository;
  engine: AlertEngine;
  conditionsOfDevices(deviceIds: readonly number[]): Promise<Map<number, DeviceConditions>>;
  clock: () => Date;
  /** Called for each alert a technician acknowledged (the console's live updates). */
  onChanged?: (alert: { id: number; organizationId: number; deviceId: number }) => void;
}

/** The technician behind a change. */
export interface AlertActor {
  userId: number;
  name: string;
}

const notFound = () => new AppError("E_NOT_FOUND", 404, { id: "errors.alerts.notFound" });

/**
 * The console's side of alerts: the list (open ones or the history), one alert, acknowledging
 * and resetting by hand. Every read and change goes through the caller's scope; an alert outside
 * it answers like one that does not exist.
 */
export function createAlertsConsole({
  repo,
  engine,
  conditionsOfDevices,
  clock,
  onChanged,
}: AlertsServiceDeps) {
  async function acknowledge(scope: Scope, ids: readonly number[], actor: AlertActor, note: string) {
    const done = await repo.acknowledge(scope, ids, actor, note, clock());
    if (onChanged) done.forEach(onChanged);
    return done;
  }

  async function get(scope: Scope, id: number): Promise<AlertView> {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound();
    return presentAlert(row);
  }

  async function resetMany(scope: Scope, ids: readonly number[], actor: AlertActor, note: string) {
    const open = await repo.openInScope(scope, ids);
    const current = await conditionsOfDevices([...new Set(open.map((a) => a.deviceId))]);
    const at = clock();
    let done = 0;
    for (const alert of open) {
      const condition = current.get(alert.deviceId)?.conditions.get(alert.conditionKey);
      if (await engine.reset(alert, "TECHNICIAN", at, condition, { ...actor, note })) done += 1;
    }
    return done;
  }

  return {
    get,

    async list(scope: Scope, query: AlertListQuery): Promise<AlertListResponse> {
      const [{ items, total }, counts] = await Promise.all([
        repo.list(scope, query),
        repo.openBySeverity(scope, query.organizationId, query.deviceId),
      ]);
      const openBySeverity = Object.fromEntries(conditionSeverities.map((s) => [s, counts[s] ?? 0]));
      return {
        items: items.map(presentAlert),
        total,
        page: query.page,
        pageSize: query.pageSize,
        openBySeverity: openBySeverity as AlertListResponse["openBySeverity"],
      };
    },

    /** Acknowledges an open alert; an alert already reset stays as it was. */
    async acknowledge(scope: Scope, id: number, actor: AlertActor, note: string): Promise<AlertView> {
      if (!(await repo.existingInScope(scope, [id])).has(id)) throw notFound();
      await acknowledge(scope, [id], actor, note);
      return get(scope, id);
    },

    /** A manual reset (cause TECHNICIAN, with the note); an alert already reset stays as it was. */
    async reset(scope: Scope, id: number, actor: AlertActor, note: string): Promise<AlertView> {
      if (!(await repo.existingInScope(scope, [id])).has(id)) throw notFound();
      await resetMany(scope, [id], actor, note);
      return get(scope, id);
    },

    async acknowledgeMany(scope: Scope, ids: readonly number[], actor: AlertActor, note: string) {
      const unique = [...new Set(ids)];
      const existing = await repo.existingInScope(scope, unique);
      const done = await acknowledge(scope, unique, actor, note);
      return { done: done.length, notFound: unique.filter((id) => !existing.has(id)) };
    },

    async resetMany(scope: Scope, ids: readonly number[], actor: AlertActor, note: string) {
      const unique = [...new Set(ids)];
      const existing = await repo.existingInScope(scope, unique);
      const done = await resetMany(scope, unique, actor, note);
      return { done, notFound: unique.filter((id) => !existing.has(id)) };
    },
  };
}

export type AlertsConsole = ReturnType<typeof createAlertsConsole>;
