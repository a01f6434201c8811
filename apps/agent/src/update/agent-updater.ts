import type { agent as proto } from "@steward/contracts";
import { applyUpdate, type UpdateContext } from "./apply.js";
import { clearReports, markHealthy, readUpdateState, RESTART_FOR_UPDATE_EXIT_CODE } from "./layout.js";

export interface UpdaterOptions {
  /** The install folder the launcher started this agent from (unset: not installed for self-update). */
  installDir: string | undefined;
  context: Omit<UpdateContext, "installDir">;
  send(message: proto.AgentToServer): boolean;
  log(message: string): void;
  /** Stops the agent so the launcher starts the swapped-in version. */
  restart(code: number): void;
}

/**
 * The running agent's side of self-update: on each welcome it passes the health check of a
 * version on trial and reports what happened to the last update (installed, or rolled back with
 * the launcher's reason); on an offer it verifies, downloads, swaps and restarts.
 */
export function createUpdater(options: UpdaterOptions) {
  let busy = false;
  const { installDir, context, send, log } = options;

  return {
    onWelcome(): void {
      if (!installDir) return;
      // Reconnected and authenticated: this version works, the trial ends.
      if (markHealthy(installDir, context.runningVersion, new Date()))
        log(`version ${context.runningVersion} passed its health check`);
      const state = readUpdateState(installDir);
      if (state.rollback) {
        const r = state.rollback;
        if (
          send({
            type: "update-status",
            ...(r.rolloutId ? { rolloutId: r.rolloutId } : {}),
            version: r.from,
            status: "rolled-back",
            reason: r.reason.slice(0, 500),
          })
        )
          clearReports(installDir, "rollback");
      }
      if (state.installed) {
        const i = state.installed;
        if (
          send({
            type: "update-status",
            ...(i.rolloutId ? { rolloutId: i.rolloutId } : {}),
            version: i.version,
            status: "installed",
          })
        )
          clearReports(installDir, "installed");
      }
    },

    async onOffer(offer: proto.UpdateOfferMessage): Promise<void> {
      const report = (status: proto.UpdateStatusMessage["status"], reason?: string) =>
        send({
          type: "update-status",
          rolloutId: offer.rolloutId,
          version: offer.version,
          status,
          ...(reason ? { reason: reason.slice(0, 500) } : {}),
        });
      if (offer.version === context.runningVersion) {
        report("installed");
        return;
      }
      if (!installDir) {
        report("failed", "This agent was not started by the launcher, so it cannot swap versions.");
        return;
      }
      if (busy) return;
      busy = true;
      try {
        await applyUpdate({ ...context, installDir }, offer, (step) => {
          if (step === "downloading") report("downloading");
        });
        log(`swapped to version ${offer.version}; restarting`);
        options.restart(RESTART_FOR_UPDATE_EXIT_CODE);
      } catch (err) {
        const reason = (err as Error).message;
        log(`update to ${offer.version} refused: ${reason}`);
        report("failed", reason);
      } finally {
        busy = false;
      }
    },
  };
}
