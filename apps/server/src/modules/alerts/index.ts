import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Alerts } from "./alerts.create.js";
import { alertsRoutes } from "./alerts.routes.js";

export { createAlerts, type Alerts, type AlertsDeps } from "./alerts.create.js";
export type { RaisedKind } from "./alerts.checks.js";
export { AlertsRepository } from "./alerts.repository.js";

/** How often auto-resets, the end of flapping and agent-down are checked. */
const CHECK_MS = 30_000;
/** How often custom-field conditions are evaluated over the fleet. */
const CUSTOM_FIELD_CHECK_MS = 5 * 60_000;

/**
 * Alerts: the console routes under /api/alerts and the server's periodic checks (they read only
 * stored state, so a restart picks up where the last run left: an alert due for auto-reset while
 * the server was down resets on the first check).
 */
export function alertsModule(alerts: Alerts, options: { timers?: boolean } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    alerts.useLogger(app.log);
    if (options.timers !== false) {
      let running = false;
      const run = async (what: "often" | "fields") => {
        if (running) return;
        running = true;
        try {
          if (what === "fields") await alerts.checks.customFields();
          else {
            await alerts.checks.autoReset();
            await alerts.checks.endFlapping();
            await alerts.checks.agentDown();
          }
        } catch (err) {
          app.log.warn({ err }, "alert checks failed");
        } finally {
          running = false;
        }
      };
      const often = setInterval(() => void run("often"), CHECK_MS);
      const fields = setInterval(() => void run("fields"), CUSTOM_FIELD_CHECK_MS);
      often.unref();
      fields.unref();
      app.addHook("onClose", async () => {
        clearInterval(often);
        clearInterval(fields);
        await alerts.engine.idle();
      });
    }
    await app.register(alertsRoutes(alerts.console));
  };
}
