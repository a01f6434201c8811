import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { customFields } from "../custom-fields/custom-fields.tables.js";
import { devices } from "./devices.tables.js";

/**
 * Each device's effective custom-field values: the nearest of device, location and organization,
 * kept in step by refreshFieldValues (devices.fields.ts) whenever a value, a device's place or
 * the device set changes. The grid filters on it with one index range per filter instead of
 * working out the inheritance for 100,000 devices on every request.
 */
export const deviceFieldValues = pgTable(
  "device_field_values",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    fieldId: integer("field_id")
      .notNull()
      .references(() => customFields.id, { onDelete: "cascade" }),
    valueText: text("value_text").notNull(),
    valueNum: doublePrecision("value_num"),
    /** DEVICE | LOCATION | ORGANIZATION */
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.fieldId] }),
    index("device_field_values_text_idx").on(t.fieldId, sql`lower(${t.valueText})`, t.deviceId),
    index("device_field_values_num_idx").on(t.fieldId, t.valueNum, t.deviceId),
  ],
);
