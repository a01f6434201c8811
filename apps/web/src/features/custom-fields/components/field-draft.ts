import type { CustomFieldDefinition } from "@steward/contracts";
import { checkCustomFieldValue, type CustomFieldType } from "@steward/domain";

/** What an input holds while the user edits it. */
export type DraftValue = string | boolean | string[];
type StoredValue = string | number | boolean | string[] | null;

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO instant → the local "YYYY-MM-DDTHH:mm" a datetime-local input shows. */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A stored value as the input's draft. */
export function toDraft(type: CustomFieldType, value: StoredValue): DraftValue {
  if (value === null) return type === "CHECKBOX" ? false : type === "MULTI_SELECT" ? [] : "";
  switch (type) {
    case "CHECKBOX":
      return value === true;
    case "MULTI_SELECT":
      return Array.isArray(value) ? value : [String(value)];
    case "DATE_TIME":
      return typeof value === "string" ? isoToLocalInput(value) : "";
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}

/** The draft as the value sent to the server; null clears the value at this level. */
export function fromDraft(type: CustomFieldType, draft: DraftValue): StoredValue {
  if (type === "CHECKBOX") return draft === true;
  if (Array.isArray(draft)) return draft.length ? draft : null;
  if (typeof draft !== "string") return null;
  const text = type === "MULTI_LINE" ? draft : draft.trim();
  if (text.trim() === "") return null;
  if (type === "DATE_TIME") {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d.toISOString();
  }
  return text;
}

export function sameDraft(a: DraftValue, b: DraftValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/** The spec's message for a draft value, or null when it may be saved. */
export function draftError(
  field: Pick<CustomFieldDefinition, "type" | "behaviour" | "options">,
  draft: DraftValue,
  mandatory: boolean,
): string | null {
  const value = fromDraft(field.type, draft);
  const checked = checkCustomFieldValue(field, value, mandatory);
  return checked.ok ? null : checked.message;
}
