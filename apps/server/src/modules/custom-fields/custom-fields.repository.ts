import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { customFields, customFieldValues } from "./custom-fields.tables.js";

/** One level values are set at. */
export type Level =
  | { kind: "ORGANIZATION"; organizationId: number }
  | { kind: "LOCATION"; organizationId: number; locationId: number }
  | { kind: "DEVICE"; deviceId: number; organizationId: number; locationId: number; roleId: number | null };

export type DefinitionRow = Awaited<ReturnType<CustomFieldsRepository["definitions"]>>[number];
export type ValueRow = typeof customFieldValues.$inferSelect;

const definitionColumns = {
  id: customFields.id,
  scope: customFields.scope,
  roleId: customFields.roleId,
  roleName: deviceRoles.name,
  name: customFields.name,
  label: customFields.label,
  description: customFields.description,
  type: customFields.type,
  behaviour: customFields.behaviour,
  options: customFields.options,
  position: customFields.position,
  createdAt: customFields.createdAt,
  updatedAt: customFields.updatedAt,
};

function levelColumn(level: Level): SQL {
  if (level.kind === "DEVICE") return eq(customFieldValues.deviceId, level.deviceId);
  if (level.kind === "LOCATION") return eq(customFieldValues.locationId, level.locationId);
  return eq(customFieldValues.organizationId, level.organizationId);
}

/** Every query for custom field definitions and values. */
export class CustomFieldsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (repo: CustomFieldsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new CustomFieldsRepository(tx)));
  }

  /** Definitions, in display order; `where` narrows (scope, role, the fields a device sees). */
  definitions(where?: SQL) {
    return this.db
      .select(definitionColumns)
      .from(customFields)
      .leftJoin(deviceRoles, eq(deviceRoles.id, customFields.roleId))
      .where(where)
      .orderBy(asc(customFields.position), asc(sql`lower(${customFields.label})`), asc(customFields.id));
  }

  async definition(id: number): Promise<DefinitionRow | undefined> {
    const [row] = await this.definitions(eq(customFields.id, id));
    return row;
  }

  /** The fields that apply at a level: all of them for organizations and locations; global and the role's for a device. */
  applicable(level: Level) {
    if (level.kind !== "DEVICE") return this.definitions();
    return this.definitions(
      or(
        eq(customFields.scope, "GLOBAL"),
        level.roleId === null ? sql`false` : eq(customFields.roleId, level.roleId),
      ),
    );
  }

  async insertDefinition(values: typeof customFields.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(customFields).values(values).returning({ id: customFields.id });
    if (!row) throw new Error("custom field insert returned no row");
    return row.id;
  }

  async updateDefinition(id: number, values: Partial<typeof customFields.$inferInsert>): Promise<void> {
    await this.db
      .update(customFields)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customFields.id, id));
  }

  async deleteDefinition(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(customFields)
      .where(eq(customFields.id, id))
      .returning({ id: customFields.id });
    return rows.length > 0;
  }

  /** The values at a level and every level above it, in one query. */
  valuesFor(level: Level): Promise<ValueRow[]> {
    const conditions: SQL[] = [eq(customFieldValues.organizationId, level.organizationId)];
    if (level.kind !== "ORGANIZATION") conditions.push(eq(customFieldValues.locationId, level.locationId));
    if (level.kind === "DEVICE") conditions.push(eq(customFieldValues.deviceId, level.deviceId));
    return this.db
      .select()
      .from(customFieldValues)
      .where(or(...conditions));
  }

  async setValue(
    level: Level,
    fieldId: number,
    value: { value: unknown; text: string; num: number | null } | null,
    userId: number | null,
  ): Promise<void> {
    await this.db
      .delete(customFieldValues)
      .where(and(levelColumn(level), eq(customFieldValues.fieldId, fieldId)));
    if (value === null) return;
    await this.db.insert(customFieldValues).values({
      fieldId,
      organizationId: level.kind === "ORGANIZATION" ? level.organizationId : null,
      locationId: level.kind === "LOCATION" ? level.locationId : null,
      deviceId: level.kind === "DEVICE" ? level.deviceId : null,
      value: value.value,
      valueText: value.text,
      valueNum: value.num,
      updatedByUserId: userId,
    });
  }

  /** The levels values are set at are found only inside the caller's scope. */
  async organizationExists(scope: Scope, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)));
    return rows.length > 0;
  }

  async location(scope: Scope, organizationId: number, locationId: number) {
    const [row] = await this.db
      .select({ id: locations.id })
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

  async device(scope: Scope, id: number) {
    const [row] = await this.db
      .select({
        id: devices.id,
        organizationId: devices.organizationId,
        locationId: devices.locationId,
        roleId: devices.roleId,
      })
      .from(devices)
      .where(and(eq(devices.id, id), inScope(scope, devices.organizationId)));
    return row;
  }

  async roleExists(id: number): Promise<boolean> {
    return (
      (await this.db.select({ id: deviceRoles.id }).from(deviceRoles).where(eq(deviceRoles.id, id))).length >
      0
    );
  }
}

export const globalOnly = () => and(eq(customFields.scope, "GLOBAL"), isNull(customFields.roleId));
export const roleOnly = (roleId?: number) =>
  roleId === undefined
    ? eq(customFields.scope, "ROLE")
    : and(eq(customFields.scope, "ROLE"), eq(customFields.roleId, roleId));
