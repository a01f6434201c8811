import type { Location, NodeApprovalMode, Organization, OrganizationDetail } from "@steward/contracts";
import type { LocationRow, OrganizationRow } from "./organizations.repository.js";

export function presentLocation(row: LocationRow): Location {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    address: row.address,
    description: row.description,
    isDefault: row.isDefault,
    deviceCount: row.deviceCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // The column only ever receives values validated by the contract's enum.
    nodeApprovalMode: row.nodeApprovalMode as NodeApprovalMode,
    locationCount: row.locationCount,
    deviceCount: row.deviceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentOrganizationDetail(
  row: OrganizationRow,
  locations: LocationRow[],
): OrganizationDetail {
  return { ...presentOrganization(row), locations: locations.map(presentLocation) };
}
