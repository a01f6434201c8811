import type { Technician, TechnicianStatus } from "@steward/contracts";
import type { TechnicianRow } from "./technicians.repository.js";

/** Row → contract; roleIds are the roles the technician holds. */
export function presentTechnician(row: TechnicianRow, roleIds: readonly number[]): Technician {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    isSystemAdmin: row.isSystemAdmin,
    roleIds: [...roleIds],
    status: row.status as TechnicianStatus,
    mfaEnrolled: row.mfaEnrolled,
    inviteExpiresAt: row.status === "INVITED" ? (row.inviteExpiresAt?.toISOString() ?? null) : null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
