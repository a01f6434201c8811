import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, scopeCovers, type Scope } from "../../platform/identity/index.js";
import { organizations } from "../organizations/organizations.tables.js";
import { credentials } from "./credentials.tables.js";

/** Every column but the sealed secret: nothing read for an answer ever carries it. */
const publicColumns = {
  id: credentials.id,
  organizationId: credentials.organizationId,
  name: credentials.name,
  type: credentials.type,
  username: credentials.username,
  description: credentials.description,
  preferred: credentials.preferred,
  createdAt: credentials.createdAt,
  updatedAt: credentials.updatedAt,
};

export type CredentialRow = Awaited<ReturnType<CredentialsRepository["list"]>>[number];

export interface CredentialValues {
  name: string;
  type: string;
  username: string;
  description: string;
  preferred: boolean;
  /** Already sealed; undefined on update keeps the stored secret. */
  secretSealed?: string | undefined;
}

/**
 * Every query on the credentials table, inside the caller's organization scope: an organization
 * outside it has no credentials to read, and nothing there is written.
 */
export class CredentialsRepository {
  constructor(readonly db: Db) {}

  async organizationExists(scope: Scope, organizationId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), inScope(scope, organizations.id)));
    return row !== undefined;
  }

  list(scope: Scope, organizationId: number, types?: readonly string[]) {
    return this.db
      .select(publicColumns)
      .from(credentials)
      .where(
        and(
          eq(credentials.organizationId, organizationId),
          inScope(scope, credentials.organizationId),
          types ? inArray(credentials.type, [...types]) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${credentials.name})`), asc(credentials.id));
  }

  async find(scope: Scope, organizationId: number, id: number): Promise<CredentialRow | undefined> {
    const [row] = await this.db
      .select(publicColumns)
      .from(credentials)
      .where(
        and(
          eq(credentials.organizationId, organizationId),
          eq(credentials.id, id),
          inScope(scope, credentials.organizationId),
        ),
      );
    return row;
  }

  /**
   * Inserts; a preferred credential takes the preference from the organization's other one of its
   * type. The secret is sealed for the new row's id, so it is written in the same transaction
   * right after the row exists.
   */
  async insert(
    scope: Scope,
    organizationId: number,
    values: Omit<CredentialValues, "secretSealed"> & { sealSecret: (id: number) => string },
    userId: number | null,
  ): Promise<number> {
    // The service checked the organization against the scope; one outside it here is a bug.
    if (!scopeCovers(scope, organizationId))
      throw new Error(`credential for organization ${organizationId} outside the caller's scope`);
    const { sealSecret, ...rest } = values;
    return this.db.transaction(async (tx) => {
      if (values.preferred) await new CredentialsRepository(tx).clearPreferred(organizationId, values.type);
      const [row] = await tx
        .insert(credentials)
        .values({
          ...rest,
          secretSealed: "",
          organizationId,
          createdByUserId: userId,
          updatedByUserId: userId,
        })
        .returning({ id: credentials.id });
      if (!row) throw new Error("credential insert returned no row");
      await tx
        .update(credentials)
        .set({ secretSealed: sealSecret(row.id) })
        .where(eq(credentials.id, row.id));
      return row.id;
    });
  }

  async update(
    scope: Scope,
    organizationId: number,
    id: number,
    values: CredentialValues,
    userId: number | null,
  ): Promise<boolean> {
    const { secretSealed, ...rest } = values;
    if (!scopeCovers(scope, organizationId)) return false;
    return this.db.transaction(async (tx) => {
      if (values.preferred)
        await new CredentialsRepository(tx).clearPreferred(organizationId, values.type, id);
      const rows = await tx
        .update(credentials)
        .set({
          ...rest,
          ...(secretSealed === undefined ? {} : { secretSealed }),
          updatedByUserId: userId,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(credentials.organizationId, organizationId),
            eq(credentials.id, id),
            inScope(scope, credentials.organizationId),
          ),
        )
        .returning({ id: credentials.id });
      return rows.length === 1;
    });
  }

  async delete(scope: Scope, organizationId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(credentials)
      .where(
        and(
          eq(credentials.organizationId, organizationId),
          eq(credentials.id, id),
          inScope(scope, credentials.organizationId),
        ),
      )
      .returning({ id: credentials.id });
    return rows.length === 1;
  }

  private async clearPreferred(organizationId: number, type: string, exceptId?: number): Promise<void> {
    await this.db
      .update(credentials)
      .set({ preferred: false })
      .where(
        and(
          eq(credentials.organizationId, organizationId),
          eq(credentials.type, type),
          eq(credentials.preferred, true),
          exceptId === undefined ? undefined : sql`${credentials.id} <> ${exceptId}`,
        ),
      );
  }
}
