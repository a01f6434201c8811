import type {
  DeviceGroupCount,
  GettingStarted,
  LocationOverview,
  OrganizationOverview,
  SystemOverview,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
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
  async function deviceFigures(scope: Scope, place: DeviceScope) {
    const [b, offline] = await Promise.all([
      repo.breakdown(scope, place),
      repo.recentlyOffline(scope, place, RECENTLY_OFFLINE),
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

  /** An organization outside the scope answers like one that does not exist. */
  async function organizationOrThrow(scope: Scope, id: number) {
    const org = await repo.findOrganization(scope, id);
    if (!org) throw new AppError("E_ORGANIZATION_NOT_FOUND", 404);
    return org;
  }

  return {
    /** The whole system as the caller sees it: the union of the organizations in the scope. */
    async systemOverview(scope: Scope): Promise<SystemOverview> {
      const [organizations, locations, technicians, figures, top] = await Promise.all([
        repo.countOrganizations(scope),
        repo.countLocations(scope),
        repo.countTechnicians(),
        deviceFigures(scope, {}),
        repo.byOrganization(scope, TOP_ORGANIZATIONS),
      ]);
      return {
        organizations,
        locations,
        technicians,
        ...figures,
        devicesByOrganization: top.map(groupCount),
      };
    },

    async organizationOverview(scope: Scope, organizationId: number): Promise<OrganizationOverview> {
      const org = await organizationOrThrow(scope, organizationId);
      const place = { organizationId };
      const [locations, figures, byLocation, byRole] = await Promise.all([
        repo.countLocations(scope, organizationId),
        deviceFigures(scope, place),
        repo.byLocation(scope, organizationId),
        repo.byRole(scope, place),
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

    async locationOverview(
      scope: Scope,
      organizationId: number,
      locationId: number,
    ): Promise<LocationOverview> {
      const org = await organizationOrThrow(scope, organizationId);
      const location = await repo.findLocation(scope, organizationId, locationId);
      if (!location) throw new AppError("E_LOCATION_NOT_FOUND", 404);
      const place = { organizationId, locationId };
      const [figures, byRole] = await Promise.all([deviceFigures(scope, place), repo.byRole(scope, place)]);
      return {
        organizationId,
        organizationName: org.name,
        locationId,
        locationName: location.name,
        ...figures,
        devicesByRole: byRole.map(groupCount),
      };
    },

    /**
     * The /getStarted checklist, ticked from real progress the caller can see: organizations in
     * their organizations.read scope, devices in their devices.read scope.
     */
    async gettingStarted(scopes: { organizations: Scope; devices: Scope }): Promise<GettingStarted> {
      const [organizationCreated, technicianInvited, firstDevice] = await Promise.all([
        repo.anyOrganization(scopes.organizations),
        repo.anyInvitedUser(),
        repo.anyDevice(scopes.devices),
      ]);
      return { organizationCreated, technicianInvited, firstDevice };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
