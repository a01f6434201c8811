import {
  DEFAULT_LOCATION_NAME,
  type createLocationRequest,
  type createOrganizationRequest,
  type listOrganizationsQuery,
  type updateLocationRequest,
  type updateOrganizationRequest,
} from "@steward/contracts";
import { findDuplicateName } from "@steward/domain";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import {
  nameConflictOf,
  type LocationRow,
  type OrganizationRow,
  type OrganizationsRepository,
} from "./organizations.repository.js";

/** An organization with its locations, as the service answers it (the routes present it). */
export interface OrganizationWithLocations {
  row: OrganizationRow;
  locations: LocationRow[];
}

/** Who made a change, for the audit log (the request, or null for system actions). */
export type Actor = Parameters<typeof audit>[1];

type ListQuery = z.output<typeof listOrganizationsQuery>;
type CreateInput = z.output<typeof createOrganizationRequest>;
type UpdateInput = z.output<typeof updateOrganizationRequest>;
type CreateLocationInput = z.output<typeof createLocationRequest>;
type UpdateLocationInput = z.output<typeof updateLocationRequest>;

const organizationNotFound = () => new AppError("E_ORGANIZATION_NOT_FOUND", 404);
const locationNotFound = () => new AppError("E_LOCATION_NOT_FOUND", 404);
const organizationNameTaken = (name: string) =>
  new AppError("E_ORGANIZATION_NAME_TAKEN", 409, { id: "errors.organizations.nameTaken", values: { name } });
const locationNameTaken = (name: string | undefined) =>
  new AppError(
    "E_LOCATION_NAME_TAKEN",
    409,
    name === undefined
      ? { id: "errors.locations.namesUnique" }
      : { id: "errors.locations.nameTaken", values: { name } },
  );

/**
 * Runs a write and turns a broken uniqueness rule into its 409. The database's unique indexes
 * (on lower(name)) are the authority, so concurrent writers cannot slip a duplicate past a check.
 */
async function guardNames<T>(
  write: () => Promise<T>,
  names: { organization?: string | undefined; location?: string | undefined },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const conflict = nameConflictOf(error);
    if (conflict === "organization-name") throw organizationNameTaken(names.organization ?? "");
    if (conflict === "location-name") throw locationNameTaken(names.location);
    throw error;
  }
}

/**
 * Organizations (the MSP's customers) and their locations: the rules. Deleting an organization
 * deletes its devices; `onDeviceRemoved` is told about each so that its agent is disconnected.
 */
export function createOrganizationsService({
  repo,
  onDeviceRemoved,
}: {
  repo: OrganizationsRepository;
  onDeviceRemoved?: ((deviceId: number) => void) | undefined;
}) {
  async function detail(
    r: OrganizationsRepository,
    scope: Scope,
    id: number,
  ): Promise<OrganizationWithLocations> {
    const row = await r.findOrganization(scope, id);
    if (!row) throw organizationNotFound();
    return { row, locations: await r.listLocations(scope, id) };
  }

  async function existingLocation(
    r: OrganizationsRepository,
    scope: Scope,
    organizationId: number,
    locationId: number,
  ) {
    if (!(await r.findOrganization(scope, organizationId))) throw organizationNotFound();
    const location = await r.findLocation(scope, organizationId, locationId);
    if (!location) throw locationNotFound();
    return location;
  }

  return {
    async list(scope: Scope, query: ListQuery) {
      const { items, total } = await repo.list(scope, {
        search: query.search || undefined,
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    get: (scope: Scope, id: number) => detail(repo, scope, id),

    /** GET /api/client/{id}: the spec's call answers with a resultCode; a failure carries FAILURE. */
    async client(scope: Scope, id: number): Promise<OrganizationWithLocations> {
      try {
        return await detail(repo, scope, id);
      } catch (error) {
        if (error instanceof AppError) throw error.with({ resultCode: "FAILURE" });
        throw error;
      }
    },

    /**
     * Creates the organization with its default location and any extra ones, all or nothing. A
     * new organization lies outside every list, so only a caller who may write every organization
     * creates one.
     */
    async create(scope: Scope, input: CreateInput, actor: Actor): Promise<OrganizationWithLocations> {
      if (!scope.all) throw new AppError("E_FORBIDDEN", 403, { id: "errors.organizations.createNeedsAll" });
      const duplicate = findDuplicateName([DEFAULT_LOCATION_NAME, ...input.locations.map((l) => l.name)]);
      if (duplicate !== null) throw locationNameTaken(duplicate);
      const id = await guardNames(
        () =>
          repo.transaction(async (tx) => {
            const orgId = await tx.insertOrganization({
              name: input.name,
              description: input.description,
              nodeApprovalMode: input.nodeApprovalMode,
            });
            await tx.insertLocations(orgId, [
              { name: DEFAULT_LOCATION_NAME, address: "", description: "", isDefault: true },
              ...input.locations,
            ]);
            await audit(tx.db, actor, {
              action: "organization.create",
              targetType: "organization",
              targetId: orgId,
              data: {
                name: input.name,
                locations: [DEFAULT_LOCATION_NAME, ...input.locations.map((l) => l.name)],
              },
            });
            return orgId;
          }),
        // Names were checked above; the index still decides for spellings lower() folds differently.
        { organization: input.name },
      );
      return detail(repo, scope, id);
    },

    async update(
      scope: Scope,
      id: number,
      input: UpdateInput,
      actor: Actor,
    ): Promise<OrganizationWithLocations> {
      await guardNames(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.updateOrganization(scope, id, input))) throw organizationNotFound();
            await audit(tx.db, actor, {
              action: "organization.update",
              targetType: "organization",
              targetId: id,
              data: {
                changed: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined),
                ...input,
              },
            });
          }),
        { organization: input.name },
      );
      return detail(repo, scope, id);
    },

    async remove(scope: Scope, id: number, actor: Actor): Promise<void> {
      const removedDevices = await repo.transaction(async (tx) => {
        const row = await tx.findOrganization(scope, id);
        const deviceIds = row ? await tx.deviceIds(scope, id) : [];
        if (!row || !(await tx.deleteOrganization(scope, id))) throw organizationNotFound();
        await audit(tx.db, actor, {
          action: "organization.delete",
          targetType: "organization",
          targetId: id,
          data: { name: row.name, devices: deviceIds.length },
        });
        return deviceIds;
      });
      for (const deviceId of removedDevices) onDeviceRemoved?.(deviceId);
    },

    async createLocation(
      scope: Scope,
      organizationId: number,
      input: CreateLocationInput,
      actor: Actor,
    ): Promise<LocationRow> {
      const locationId = await guardNames(
        () =>
          repo.transaction(async (tx) => {
            // Touching the organization also proves it exists.
            if (!(await tx.updateOrganization(scope, organizationId, {}))) throw organizationNotFound();
            const [newId] = await tx.insertLocations(organizationId, [input]);
            if (newId === undefined) throw new Error("location insert returned no id");
            await audit(tx.db, actor, {
              action: "location.create",
              targetType: "location",
              targetId: newId,
              data: { organizationId, name: input.name },
            });
            return newId;
          }),
        { location: input.name },
      );
      return existingLocation(repo, scope, organizationId, locationId);
    },

    async updateLocation(
      scope: Scope,
      organizationId: number,
      locationId: number,
      input: UpdateLocationInput,
      actor: Actor,
    ): Promise<LocationRow> {
      await guardNames(
        () =>
          repo.transaction(async (tx) => {
            await existingLocation(tx, scope, organizationId, locationId);
            await tx.updateLocation(scope, organizationId, locationId, input);
            await tx.updateOrganization(scope, organizationId, {});
            await audit(tx.db, actor, {
              action: "location.update",
              targetType: "location",
              targetId: locationId,
              data: { organizationId, ...input },
            });
          }),
        { location: input.name },
      );
      return existingLocation(repo, scope, organizationId, locationId);
    },

    /** Deletes a location; the default location stays for as long as its organization does. */
    async deleteLocation(
      scope: Scope,
      organizationId: number,
      locationId: number,
      actor: Actor,
    ): Promise<void> {
      const hasDevices = () =>
        new AppError("E_LOCATION_HAS_DEVICES", 409, { id: "errors.locations.hasDevices" });
      await repo.transaction(async (tx) => {
        const location = await existingLocation(tx, scope, organizationId, locationId);
        if (location.isDefault) {
          throw new AppError("E_DEFAULT_LOCATION_UNDELETABLE", 409);
        }
        if (location.deviceCount > 0) throw hasDevices();
        // A device enrolling into the location meanwhile: the foreign key refuses the delete.
        await tx.deleteLocation(scope, organizationId, locationId).catch((error: unknown) => {
          throw isForeignKeyViolation(error) ? hasDevices() : error;
        });
        await tx.updateOrganization(scope, organizationId, {});
        await audit(tx.db, actor, {
          action: "location.delete",
          targetType: "location",
          targetId: locationId,
          data: { organizationId, name: location.name },
        });
      });
    },
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
