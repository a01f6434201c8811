import { eq } from "drizzle-orm";
import { defaultUserPreferences, isLocale, type Locale } from "@steward/contracts";
import type { ConditionSeverity } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { grantsFor, scopeCovers, users } from "../../platform/identity/index.js";
import { userPreferencesTable } from "../preferences/preferences.tables.js";

/** Severities a technician is emailed about until they choose. */
const DEFAULT_ALERT_EMAIL_SEVERITIES: readonly string[] = defaultUserPreferences.alertEmailSeverities ?? [];

export interface Recipient {
  email: string;
  locale: Locale;
}

/**
 * The technicians an alert of this severity in this organization is emailed to: active users who
 * may see the organization's devices and chose the severity.
 */
export async function alertRecipients(
  db: Db,
  organizationId: number,
  severity: ConditionSeverity,
): Promise<Recipient[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      isSystemAdmin: users.isSystemAdmin,
      severities: userPreferencesTable.alertEmailSeverities,
      language: userPreferencesTable.language,
    })
    .from(users)
    .leftJoin(userPreferencesTable, eq(userPreferencesTable.userId, users.id))
    .where(eq(users.status, "ACTIVE"));
  const out: Recipient[] = [];
  for (const row of rows) {
    const chosen = row.severities ?? DEFAULT_ALERT_EMAIL_SEVERITIES;
    if (!chosen.includes(severity)) continue;
    const grants = await grantsFor(db, row);
    if (!grants.permissions.has("devices.read")) continue;
    if (!scopeCovers(grants.scopeFor("devices.read"), organizationId)) continue;
    out.push({ email: row.email, locale: row.language && isLocale(row.language) ? row.language : "en" });
  }
  return out;
}
