import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { deviceFieldValues } from "./device-field-values.tables.js";
import { devices } from "./devices.tables.js";

/** Which devices' effective values to recompute (`all`: bulk loads, repairs). */
export type FieldScope =
  { deviceId: number } | { locationId: number } | { organizationId: number } | { all: true };

function scopeWhere(scope: FieldScope): SQL {
  if ("all" in scope) return sql`true`;
  if ("deviceId" in scope) return eq(devices.id, scope.deviceId);
  if ("locationId" in scope) return eq(devices.locationId, scope.locationId);
  return eq(devices.organizationId, scope.organizationId);
}

/**
 * Recomputes the effective custom-field values (device, else location, else organization) of the
 * devices in scope, for the given fields (all when omitted): two set-based statements.
 */
export async function refreshFieldValues(db: Db, scope: FieldScope, fieldIds?: number[]): Promise<void> {
  const inScope = db.select({ id: devices.id }).from(devices).where(scopeWhere(scope));
  await db
    .delete(deviceFieldValues)
    .where(
      and(
        inArray(deviceFieldValues.deviceId, inScope),
        fieldIds ? inArray(deviceFieldValues.fieldId, fieldIds.length ? fieldIds : [0]) : undefined,
      ),
    );
  const fields = fieldIds ? sql`and f.id = any(${`{${fieldIds.map(Math.trunc).join(",")}}`}::int[])` : sql``;
  const pick = (column: string) =>
    sql.raw(
      `case when dv.id is not null then dv.${column} when lv.id is not null then lv.${column} else ov.${column} end`,
    );
  await db.execute(sql`
    insert into device_field_values (device_id, field_id, value_text, value_num, source)
    select d.id, f.id, ${pick("value_text")}, ${pick("value_num")},
           case when dv.id is not null then 'DEVICE' when lv.id is not null then 'LOCATION' else 'ORGANIZATION' end
    from devices d
    cross join custom_fields f
    left join custom_field_values dv on dv.device_id = d.id and dv.field_id = f.id
    left join custom_field_values lv on lv.location_id = d.location_id and lv.field_id = f.id
    left join custom_field_values ov on ov.organization_id = d.organization_id and ov.field_id = f.id
    where d.id in (select id from devices where ${scopeWhere(scope)}) ${fields}
      and (dv.id is not null or lv.id is not null or ov.id is not null)`);
}
