import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Custom field definitions: global ones apply to every device, role ones to that role's devices. */
export const customFields = pgTable(
  "custom_fields",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** GLOBAL | ROLE */
    scope: text("scope").notNull(),
    roleId: integer("role_id").references(() => deviceRoles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull(),
    behaviour: text("behaviour").notNull().default("OPTIONAL"),
    options: jsonb("options").notNull().default({}),
    position: integer("position").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("custom_fields_name_key").on(sql`lower(${t.name})`),
    index("custom_fields_role_idx").on(t.roleId),
  ],
);

/**
 * A value set at exactly one level: an organization, a location or a device (a device reads the
 * nearest). value is the JSON the API answers; value_text and value_num serve filters.
 */
export const customFieldValues = pgTable(
  "custom_field_values",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    fieldId: integer("field_id")
      .notNull()
      .references(() => customFields.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    value: jsonb("value").notNull(),
    valueText: text("value_text").notNull(),
    valueNum: doublePrecision("value_num"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "custom_field_values_one_level",
      sql`num_nonnulls(${t.organizationId}, ${t.locationId}, ${t.deviceId}) = 1`,
    ),
    uniqueIndex("custom_field_values_device_key")
      .on(t.deviceId, t.fieldId)
      .where(sql`${t.deviceId} is not null`),
    uniqueIndex("custom_field_values_location_key")
      .on(t.locationId, t.fieldId)
      .where(sql`${t.locationId} is not null`),
    uniqueIndex("custom_field_values_organization_key")
      .on(t.organizationId, t.fieldId)
      .where(sql`${t.organizationId} is not null`),
    index("custom_field_values_text_idx").on(t.fieldId, sql`lower(${t.valueText})`),
    index("custom_field_values_num_idx").on(t.fieldId, t.valueNum),
  ],
);
