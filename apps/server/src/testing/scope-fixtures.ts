import { randomBytes } from "node:crypto";
import type { Permission } from "@steward/contracts";
import {
  technicianRoleOrganizations,
  technicianRoles,
  userTechnicianRoles,
} from "../platform/identity/index.js";
import { createOrganization } from "./agent-harness.js";
import { enrollDevice, type EnrollOptions } from "./device-fixtures.js";
import { createTestContext, signedInClient, type TestClient, type TestContext } from "./test-app.js";

/** An id that no organization, location or device in a test database has. */
export const MISSING = 2_000_000_000;

/** Enrolls one device of a test organization. */
export type EnrollFixture = (
  ctx: TestContext,
  place: { organizationId: number; locationId: number },
  options: EnrollOptions,
) => Promise<{ id: number }>;

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
  enroll: EnrollFixture = enrollDevice,
): Promise<ScopedOrganization> {
  const place = await createOrganization(ctx);
  const marker = `scope${randomBytes(3).toString("hex")}`;
  const deviceIds: number[] = [];
  for (const [i, options] of devices.entries()) {
    const row = await enroll(ctx, place, {
      ...options,
      inventory: { hostname: `${marker}-${i}`, ...options.inventory },
    });
    deviceIds.push(row.id);
  }
  return { ...place, marker, deviceIds };
}

export interface TwoOrganizationsOptions {
  /** What the scoped technician holds over organization A (and the full-access one everywhere). */
  permissions: Permission[];
  /** What the full-access technician holds over every organization, when it differs. */
  fullPermissions?: Permission[];
  /** The devices of each organization (default: two each). */
  devices?: { a?: EnrollOptions[]; b?: EnrollOptions[] };
  /** How a device is enrolled (default: the way the agent listener does it). */
  enroll?: EnrollFixture;
}

export interface TwoOrganizations {
  ctx: TestContext;
  /** A system administrator. */
  admin: TestClient;
  /** A technician holding the permissions over every organization. */
  full: TestClient;
  /** A technician holding the permissions over organization A only. */
  scoped: TestClient;
  scopedUserId: number;
  a: ScopedOrganization;
  b: ScopedOrganization;
}

/**
 * Test factory for the tenancy tests: a fresh app with two organizations and their devices, an
 * administrator, a technician with full access and one limited to organization A. The caller
 * closes `ctx` when done.
 */
export async function twoOrganizations(options: TwoOrganizationsOptions): Promise<TwoOrganizations> {
  const ctx = await createTestContext();
  const admin = (await signedInClient(ctx, { admin: true })).client;
  const a = await organizationWithDevices(ctx, options.devices?.a, options.enroll);
  const b = await organizationWithDevices(ctx, options.devices?.b, options.enroll);
  const scoped = await signedInClient(ctx, {
    permissions: options.permissions,
    organizationIds: [a.organizationId],
  });
  const full = (await signedInClient(ctx, { permissions: options.fullPermissions ?? options.permissions }))
    .client;
  return { ctx, admin, full, scoped: scoped.client, scopedUserId: scoped.userId, a, b };
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
