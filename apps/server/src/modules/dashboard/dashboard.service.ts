import type { GettingStarted, SystemOverview } from "@steward/contracts";
import type { DashboardRepository } from "./dashboard.repository.js";

/** Dashboard figures: the rules for what counts. */
export function createDashboardService({ repo }: { repo: DashboardRepository }) {
  return {
    async systemOverview(): Promise<SystemOverview> {
      const [organizations, locations, technicians, devices] = await Promise.all([
        repo.countOrganizations(),
        repo.countLocations(),
        repo.countTechnicians(),
        repo.countDevices(),
      ]);
      return { organizations, locations, technicians, devices };
    },

    /** The /getStarted checklist, ticked from real progress. */
    async gettingStarted(): Promise<GettingStarted> {
      const [organizationCreated, technicianInvited, devices] = await Promise.all([
        repo.anyOrganization(),
        repo.anyInvitedUser(),
        repo.countDevices(),
      ]);
      return { organizationCreated, technicianInvited, firstDevice: devices > 0 };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
