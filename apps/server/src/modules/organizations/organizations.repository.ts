import { and, asc, count, desc, eq, getTableName, ilike, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { escapeLikePattern } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "./organizations.tables.js";

export type OrganizationSort = "name" | "-name" | "createdAt" | "-createdAt";

export interface OrganizationRow {
  id: number;
  name: string;
  description: string;
  nodeApprovalMode: string;
  locationCount: number;
  deviceCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface LocationRow {
  id: number;
  organizationId: number;
  name: string;
  address: string;
  description: string;
  isDefault: boolean;
  deviceCount: number;
  createdAt: Date;
}

export interface NewLocation {
  name: string;
  address: string;
  description: string;
  isDefault?: boolean;
}

/**
 * A column as "table"."column". Drizzle leaves columns unqualified in single-table selects, which
 * would bind a correlated subquery's outer reference to the inner table.
 */
export function qualified(table: PgTable, column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}

/**
 * How many devices an organization or a location holds: a correlated count over the devices
 * table (served by its organization and location indexes). Every query of this repository that
 * reports a device count goes through this one function.
 */
export function deviceCountSql(scope: "organization" | "location"): SQL<number> {
  const inner =
    scope === "organization"
      ? qualified(devices, devices.organizationId)
      : qualified(devices, devices.locationId);
  const outer =
    scope === "organization"
      ? qualified(organizations, organizations.id)
      : qualified(locations, locations.id);
  return sql<number>`(select count(*) from ${devices} where ${inner} = ${outer})`.mapWith(Number);
}

const locationCountSql =
  sql<number>`(select count(*) from ${locations} where ${qualified(locations, locations.organizationId)} = ${qualified(organizations, organizations.id)})`.mapWith(
    Number,
  );

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  description: organizations.description,
  nodeApprovalMode: organizations.nodeApprovalMode,
  locationCount: locationCountSql,
  deviceCount: deviceCountSql("organization"),
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

const locationColumns = {
  id: locations.id,
  organizationId: locations.organizationId,
  name: locations.name,
  address: locations.address,
  description: locations.description,
  isDefault: locations.isDefault,
  deviceCount: deviceCountSql("location"),
  createdAt: locations.createdAt,
};

const orderings: Record<OrganizationSort, SQL[]> = {
  name: [asc(sql`lower(${organizations.name})`), asc(organizations.id)],
  "-name": [desc(sql`lower(${organizations.name})`), desc(organizations.id)],
  createdAt: [asc(organizations.createdAt), asc(organizations.id)],
  "-createdAt": [desc(organizations.createdAt), desc(organizations.id)],
};

/** Which uniqueness rule a failed write broke, if any. */
export type NameConflict = "organization-name" | "location-name";

export function nameConflictOf(error: unknown): NameConflict | null {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== "23505") continue;
    if (constraint === "organizations_name_key") return "organization-name";
    if (constraint === "locations_org_name_key") return "location-name";
  }
  return null;
}

/**
 * Every Drizzle query for the organizations and locations tables. Reads and changes of existing
 * rows take the caller's scope: an organization outside it is neither listed, found nor changed.
 */
export class OrganizationsRepository {
  constructor(readonly db: Db) {}

  /** Runs fn in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: OrganizationsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new OrganizationsRepository(tx)));
  }

  /** One page of organizations with their counts in a single query, plus the total. */
  async list(
    scope: Scope,
    options: {
      search?: string | undefined;
      sort: OrganizationSort;
      limit: number;
      offset: number;
    },
  ) {
    const where = and(
      inScope(scope, organizations.id),
      options.search ? ilike(organizations.name, `%${escapeLikePattern(options.search)}%`) : undefined,
    );
    const items: OrganizationRow[] = await this.db
      .select(organizationColumns)
      .from(organizations)
      .where(where)
      .orderBy(...orderings[options.sort])
      .limit(options.limit)
      .offset(options.offset);
    const [totalRow] = await this.db.select({ total: count() }).from(organizations).where(where);
    return { items, total: totalRow?.total ?? 0 };
  }

  async findOrganization(scope: Scope, id: number): Promise<OrganizationRow | undefined> {
    const [row] = await this.db
      .select(organizationColumns)
      .from(organizations)
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)));
    return row;
  }

  /** The organization's locations, the default one first, then by name. */
  listLocations(scope: Scope, organizationId: number): Promise<LocationRow[]> {
    return this.db
      .select(locationColumns)
      .from(locations)
      .where(and(eq(locations.organizationId, organizationId), inScope(scope, locations.organizationId)))
      .orderBy(desc(locations.isDefault), asc(sql`lower(${locations.name})`), asc(locations.id));
  }

  async findLocation(
    scope: Scope,
    organizationId: number,
    locationId: number,
  ): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .select(locationColumns)
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, organizationId),
          eq(locations.id, locationId),
          inScope(scope, locations.organizationId),
        ),
      );
    return row;
  }

  async insertOrganization(values: {
    name: string;
    description: string;
    nodeApprovalMode: string;
  }): Promise<number> {
    const [row] = await this.db.insert(organizations).values(values).returning({ id: organizations.id });
    if (!row) throw new Error("organization insert returned no row");
    return row.id;
  }

  async insertLocations(organizationId: number, values: NewLocation[]): Promise<number[]> {
    if (values.length === 0) return [];
    const rows = await this.db
      .insert(locations)
      .values(values.map((v) => ({ ...v, organizationId })))
      .returning({ id: locations.id });
    return rows.map((r) => r.id);
  }

  /** Applies the changes and bumps updatedAt; false when the organization does not exist (in the scope). */
  async updateOrganization(
    scope: Scope,
    id: number,
    changes: {
      name?: string | undefined;
      description?: string | undefined;
      nodeApprovalMode?: string | undefined;
    },
  ): Promise<boolean> {
    const rows = await this.db
      .update(organizations)
      .set({ ...definedOnly(changes), updatedAt: new Date() })
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)))
      .returning({ id: organizations.id });
    return rows.length > 0;
  }

  /** Deletes the organization and (by cascade) its locations; false when it did not exist. */
  async deleteOrganization(scope: Scope, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(organizations)
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)))
      .returning({ id: organizations.id });
    return rows.length > 0;
  }

  async updateLocation(
    scope: Scope,
    organizationId: number,
    locationId: number,
    changes: { name?: string | undefined; address?: string | undefined; description?: string | undefined },
  ): Promise<void> {
    const set = definedOnly(changes);
    if (Object.keys(set).length === 0) return;
    await this.db
      .update(locations)
      .set(set)
      .where(
        and(
          eq(locations.organizationId, organizationId),
          eq(locations.id, locationId),
          inScope(scope, locations.organizationId),
        ),
      );
  }

  /** Ids of the devices of an organization (to disconnect their agents when it is deleted). */
  async deviceIds(scope: Scope, organizationId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.organizationId, organizationId), inScope(scope, devices.organizationId)));
    return rows.map((r) => r.id);
  }

  async deleteLocation(scope: Scope, organizationId: number, locationId: number): Promise<void> {
    await this.db
      .delete(locations)
      .where(
        and(
          eq(locations.organizationId, organizationId),
          eq(locations.id, locationId),
          inScope(scope, locations.organizationId),
        ),
      );
  }
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
