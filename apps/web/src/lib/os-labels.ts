import type { DeviceSummary } from "@steward/contracts";
import type { ScriptOs } from "@steward/domain";
import { translate, type MessageKey } from "../i18n";

export type OsFamily = DeviceSummary["osFamily"];

/** The catalogue id of each operating system family's name (product names read the same everywhere). */
export const osFamilyText: Record<OsFamily, MessageKey> = {
  WINDOWS: "ui.os.windows",
  MAC: "ui.os.mac",
  LINUX: "ui.os.linux",
  OTHER: "ui.os.other",
};

/** The catalogue id of the operating systems a script targets ("ANY": every one). */
export const scriptOsText: Record<ScriptOs, MessageKey> = {
  WINDOWS: "ui.os.windows",
  MAC: "ui.os.mac",
  LINUX: "ui.os.linux",
  ANY: "ui.os.any",
};

/**
 * A record whose values are read in the current language each time they are read (for code that
 * looks names up while rendering; the pages render anew when the language changes).
 */
function translatedRecord<K extends string>(ids: Record<K, MessageKey>): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const key of Object.keys(ids) as K[])
    Object.defineProperty(record, key, { enumerable: true, get: () => translate(ids[key]) });
  return record;
}

/** How a device's operating system family is named everywhere in the console. */
export const osFamilyLabels = translatedRecord(osFamilyText);

export const osFamilyOptions: { value: OsFamily; readonly label: string }[] = (
  ["WINDOWS", "MAC", "LINUX", "OTHER"] as const
).map((value) => ({
  value,
  get label() {
    return translate(osFamilyText[value]);
  },
}));

/** The operating systems a script targets ("ANY": every one). */
export const scriptOsLabels = translatedRecord(scriptOsText);
