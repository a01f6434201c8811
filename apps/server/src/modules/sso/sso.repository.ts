import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { technicianRoles, userTechnicianRoles, users } from "../../platform/identity/index.js";

/** The identity rows single sign-on reads and writes: technicians and their roles. */
export function createSsoRepository(db: Db): SsoRepository {
  return {
    transaction: (fn) => db.transaction((tx) => fn(createSsoRepository(tx), tx)),

    /** The ids among these that name an existing role. */
    async existingRoleIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: technicianRoles.id })
        .from(technicianRoles)
        .where(inArray(technicianRoles.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    async roleIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .select({ roleId: userTechnicianRoles.roleId })
        .from(userTechnicianRoles)
        .where(eq(userTechnicianRoles.userId, userId));
      return rows.map((r) => r.roleId).sort((a, b) => a - b);
    },

    /** An active technician without a password: they sign in through the identity provider. */
    async insertTechnician(values: { email: string; firstName: string; lastName: string }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...values, status: "ACTIVE", isSystemAdmin: false })
        .returning({ id: users.id });
      if (!row) throw new Error("could not create the technician");
      return row.id;
    },

    async replaceRoles(userId: number, roleIds: readonly number[]): Promise<void> {
      await db.delete(userTechnicianRoles).where(eq(userTechnicianRoles.userId, userId));
      if (roleIds.length > 0)
        await db.insert(userTechnicianRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    async touchLastLogin(userId: number): Promise<void> {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    },
  };
}

export interface SsoRepository {
  /** Runs fn on one transaction (the repository and the handle bound to it). */
  transaction<T>(fn: (tx: SsoRepository, txDb: Db) => Promise<T>): Promise<T>;
  existingRoleIds(ids: readonly number[]): Promise<Set<number>>;
  roleIdsOf(userId: number): Promise<number[]>;
  insertTechnician(values: { email: string; firstName: string; lastName: string }): Promise<number>;
  replaceRoles(userId: number, roleIds: readonly number[]): Promise<void>;
  touchLastLogin(userId: number): Promise<void>;
}
