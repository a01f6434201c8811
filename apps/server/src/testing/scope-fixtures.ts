import { randomBytes } from "node:crypto";
import type { Permission } from "@steward/contracts";
import {
  technicianRoleOrganizations,
  technicianRoles,
  userTechnicianRoles,
} from "../platform/identity/index.js";
import { createOrganization } from "./agent-harness.js";
import { enrollDevice, type EnrollOptions } from "./device-fixtures.js";
import { signedInClient, type TestClient, type TestContext } from "./test-app.js";

export interface ScopedOrganization {
  organizationId: number;
  locationId: number;
  /** Host names of its devices start with this (lower case, unique to the test file). */
  marker: string;
  deviceIds: number[];
}

/**
 * Test factory: an organization with devices whose host names share a marker, so that a free-text
 * search for the marker finds exactly them.
 */
export async function organizationWithDevices(
  ctx: TestContext,
  devices: EnrollOptions[] = [{}, {}],
): Promise<ScopedOrganization> {
  const place = await createOrganization(ctx);
  const marker = `scope${randomBytes(3).toString("hex")}`;
  const deviceIds: number[] = [];
  for (const [i, options] of devices.entries()) {
    const row = await enrollDevice(ctx, place, {
      ...options,
      inventory: { hostname: `${marker}-${i}`, ...options.inventory },
    });
    deviceIds.push(row.id);
  }
  return { ...place, marker, deviceIds };
}

/** A technician holding these permissions in the given organizations only. */
export async function scopedTechnician(
  ctx: TestContext,
  permissions: Permission[],
  organizationIds: number[],
): Promise<TestClient> {
  return (await signedInClient(ctx, { permissions, organizationIds })).client;
}

/** Gives an existing user one more role (permissions over a list of organizations, or all). */
export async function addRole(
  ctx: TestContext,
  userId: number,
  permissions: Permission[],
  organizationIds: number[] | "all",
): Promise<void> {
  const db = ctx.deps.db;
  const [role] = await db
    .insert(technicianRoles)
    .values({
      name: `extra-${randomBytes(4).toString("hex")}`,
      permissions,
      allOrganizations: organizationIds === "all",
    })
    .returning({ id: technicianRoles.id });
  await db.insert(userTechnicianRoles).values({ userId, roleId: role!.id });
  if (organizationIds !== "all" && organizationIds.length > 0)
    await db
      .insert(technicianRoleOrganizations)
      .values(organizationIds.map((organizationId) => ({ roleId: role!.id, organizationId })));
}
