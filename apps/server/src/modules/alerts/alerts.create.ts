import type { Bus } from "../../platform/bus.js";
import type { Db } from "../../platform/db/database.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import type { DevicesService } from "../devices/index.js";
import type { JobsService } from "../jobs/index.js";
import type { MaintenanceService } from "../maintenance/index.js";
import type { NotificationsService } from "../notifications/index.js";
import type { DeviceConditions, PolicyConditions } from "../policies/index.js";
import { createServerChecks } from "./alerts.checks.js";
import { createAlertEngine } from "./alerts.engine.js";
import { createAlertFollowUps } from "./alerts.followups.js";
import { createConditionIngest } from "./alerts.ingest.js";
import type { AlertsRepository } from "./alerts.repository.js";
import { createAlertsConsole } from "./alerts.service.js";

export interface AlertsDeps {
  db: Db;
  repo: AlertsRepository;
  bus: Bus;
  mailer: Mailer;
  publicUrl: string;
  devices: Pick<DevicesService, "repo">;
  notifications: Pick<NotificationsService, "notify">;
  jobs: Pick<JobsService, "submit">;
  maintenance: Pick<MaintenanceService, "devicesInMaintenance">;
  policyConditions: PolicyConditions;
  clock?: () => Date;
}

/** How long a device's effective conditions are reused by the ingest (a policy change clears them at once). */
const CONDITIONS_TTL_MS = 30_000;
/** Devices whose conditions are cached at most (a larger fleet simply reads more often). */
const CONDITIONS_CACHE_MAX = 50_000;

/** Where the alerts module writes its warnings; the module's plugin points it at the app's logger. */
export interface AlertsLogger {
  warn(obj: unknown, msg: string): void;
}

/**
 * Builds the alerts module's parts over one repository: the engine (open, repeat, reset, follow-ups),
 * the agent ingest, the server's own checks and the console's service.
 */
export function createAlerts(deps: AlertsDeps) {
  const clock = deps.clock ?? (() => new Date());
  const { repo } = deps;
  const log: { target: AlertsLogger | null } = { target: null };
  const logger: AlertsLogger = { warn: (obj, msg) => log.target?.warn(obj, msg) };

  const cache = new Map<number, { at: number; value: Promise<DeviceConditions | undefined> }>();
  deps.bus.on("policiesChanged", () => cache.clear());
  // Devices asked about in the same turn of the event loop are read together: under a fleet's
  // load the policies are read once per batch, not once per device.
  type Waiter = { resolve(found: DeviceConditions | undefined): void; reject(err: unknown): void };
  let waiting: Map<number, Waiter[]> | null = null;
  function readSoon(deviceId: number): Promise<DeviceConditions | undefined> {
    let batch = waiting;
    if (!batch) {
      const next = (batch = waiting = new Map<number, Waiter[]>());
      setImmediate(() => {
        waiting = null;
        deps.policyConditions.ofDevices([...next.keys()]).then(
          (found) => next.forEach((list, id) => list.forEach((w) => w.resolve(found.get(id)))),
          (err: unknown) => next.forEach((list) => list.forEach((w) => w.reject(err))),
        );
      });
    }
    const list = batch.get(deviceId) ?? [];
    batch.set(deviceId, list);
    return new Promise((resolve, reject) => list.push({ resolve, reject }));
  }
  function conditionsOf(deviceId: number): Promise<DeviceConditions | undefined> {
    const now = Date.now();
    const hit = cache.get(deviceId);
    if (hit && now - hit.at < CONDITIONS_TTL_MS) return hit.value;
    if (cache.size >= CONDITIONS_CACHE_MAX) cache.clear();
    const value = readSoon(deviceId);
    // A failed read is not kept.
    value.catch(() => cache.delete(deviceId));
    cache.set(deviceId, { at: now, value });
    return value;
  }
  const conditionsOfDevices = (ids: readonly number[]) => deps.policyConditions.ofDevices(ids);

  const followUps = createAlertFollowUps({
    db: deps.db,
    devices: deps.devices,
    notifications: deps.notifications,
    jobs: deps.jobs,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    logger,
  });
  // The console's live streams hear of every alert that opened, reset or was acknowledged.
  const onChanged = (alert: { id: number; organizationId: number; deviceId: number }) =>
    deps.bus.emit("alertChanged", {
      organizationId: alert.organizationId,
      deviceId: alert.deviceId,
      alertId: alert.id,
    });
  const engine = createAlertEngine({
    repo,
    maintenance: deps.maintenance,
    followUps,
    clock,
    logger,
    onChanged,
  });
  const checks = createServerChecks({ repo, engine, conditionsOfDevices, clock });
  return {
    repo,
    engine,
    checks,
    /** The agent gateway's onConditionEvents. */
    acceptConditionEvents: createConditionIngest({ repo, engine, conditionsOf, clock }),
    console: createAlertsConsole({ repo, engine, conditionsOfDevices, clock, onChanged }),
    /** For the patching and backup areas: raise their failures through the alerts' own path. */
    raiseConditionEvent: checks.raise,
    /**
     * Custom-field values changed: their conditions are evaluated now for those devices (null:
     * every device), besides the periodic pass. Runs in the background; a failure is logged.
     */
    customFieldsChanged(deviceIds: number[] | null): Promise<void> {
      return checks
        .customFields(deviceIds ?? undefined)
        .catch((err: unknown) => logger.warn({ err }, "custom-field conditions could not be evaluated"));
    },
    /** Forgets cached conditions (a device's role, location or class changed). */
    forgetConditions: () => cache.clear(),
    useLogger(target: AlertsLogger) {
      log.target = target;
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
