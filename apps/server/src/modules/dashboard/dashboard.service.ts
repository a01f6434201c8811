import type {
  DeviceGroupCount,
  GettingStarted,
  LocationOverview,
  OrganizationOverview,
  SystemOverview,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { DashboardRepository, DeviceScope } from "./dashboard.repository.js";

const TOP_ORGANIZATIONS = 10;
const RECENTLY_OFFLINE = 10;

type OsFamily = SystemOverview["recentlyOffline"][number]["osFamily"];

const groupCount = (r: { id: number; name: string; total: number; up: number }): DeviceGroupCount => ({
  id: r.id,
  name: r.name,
  total: r.total,
  up: r.up,
  down: r.total - r.up,
});

/** Dashboard figures: the rules for what counts. */
export function createDashboardService({ repo }: { repo: DashboardRepository }) {
  /** The device figures every dashboard shows, for the whole system or one organization/location. */
  async function deviceFigures(scope: DeviceScope) {
    const [b, offline] = await Promise.all([
      repo.breakdown(scope),
      repo.recentlyOffline(scope, RECENTLY_OFFLINE),
    ]);
    const total = b?.total ?? 0;
    const up = b?.up ?? 0;
    const [windows, mac, linux] = [b?.windows ?? 0, b?.mac ?? 0, b?.linux ?? 0];
    return {
      devices: total,
      devicesByStatus: { UP: up, DOWN: total - up },
      devicesByApproval: { APPROVED: b?.approved ?? 0, PENDING: b?.pending ?? 0, REJECTED: b?.rejected ?? 0 },
      devicesByOsFamily: { WINDOWS: windows, MAC: mac, LINUX: linux, OTHER: total - windows - mac - linux },
      recentlyOffline: offline.map((d) => ({
        ...d,
        osFamily: d.osFamily as OsFamily,
        wentDownAt: d.wentDownAt.toISOString(),
      })),
    };
  }

  async function organizationOrThrow(id: number) {
    const org = await repo.findOrganization(id);
    if (!org) throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, "Organization not found");
    return org;
  }

  return {
    async systemOverview(): Promise<SystemOverview> {
      const [organizations, locations, technicians, figures, top] = await Promise.all([
        repo.countOrganizations(),
        repo.countLocations(),
        repo.countTechnicians(),
        deviceFigures({}),
        repo.byOrganization(TOP_ORGANIZATIONS),
      ]);
      return {
        organizations,
        locations,
        technicians,
        ...figures,
        devicesByOrganization: top.map(groupCount),
      };
    },

    async organizationOverview(organizationId: number): Promise<OrganizationOverview> {
      const org = await organizationOrThrow(organizationId);
      const scope = { organizationId };
      const [locations, figures, byLocation, byRole] = await Promise.all([
        repo.countLocations(organizationId),
        deviceFigures(scope),
        repo.byLocation(organizationId),
        repo.byRole(scope),
      ]);
      return {
        organizationId,
        organizationName: org.name,
        locations,
        ...figures,
        devicesByLocation: byLocation.map(groupCount),
        devicesByRole: byRole.map(groupCount),
      };
    },

    async locationOverview(organizationId: number, locationId: number): Promise<LocationOverview> {
      const org = await organizationOrThrow(organizationId);
      const location = await repo.findLocation(organizationId, locationId);
      if (!location) throw new AppError("E_LOCATION_NOT_FOUND", 404, "Location not found");
      const scope = { organizationId, locationId };
      const [figures, byRole] = await Promise.all([deviceFigures(scope), repo.byRole(scope)]);
      return {
        organizationId,
        organizationName: org.name,
        locationId,
        locationName: location.name,
        ...figures,
        devicesByRole: byRole.map(groupCount),
      };
    },

    /** The /getStarted checklist, ticked from real progress. */
    async gettingStarted(): Promise<GettingStarted> {
      const [organizationCreated, technicianInvited, firstDevice] = await Promise.all([
        repo.anyOrganization(),
        repo.anyInvitedUser(),
        repo.anyDevice(),
      ]);
      return { organizationCreated, technicianInvited, firstDevice };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
