import { messages } from "./messages.js";
import { INT_MAX, INT_MIN } from "./units.js";

/** The ten custom field types. */
export const customFieldTypes = [
  "TEXT",
  "MULTI_LINE",
  "INTEGER",
  "DECIMAL",
  "CHECKBOX",
  "DATE",
  "DATE_TIME",
  "DROPDOWN",
  "MULTI_SELECT",
  "IP_ADDRESS",
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  TEXT: "Text",
  MULTI_LINE: "Multi-line",
  INTEGER: "Integer",
  DECIMAL: "Decimal",
  CHECKBOX: "Checkbox",
  DATE: "Date",
  DATE_TIME: "Date and time",
  DROPDOWN: "Drop-down",
  MULTI_SELECT: "Multi-select",
  IP_ADDRESS: "IP address",
};

/** Custom field behaviours. */
export const customFieldBehaviours = [
  "HIDDEN",
  "OPTIONAL",
  "REQUIRED",
  "READ_ONLY",
  "REQUIRED_TO_CREATE",
  "REQUIRED_TO_RESOLVE",
] as const;
export type CustomFieldBehaviour = (typeof customFieldBehaviours)[number];

/** Type-specific settings of a definition. */
export interface CustomFieldOptions {
  /** DROPDOWN and MULTI_SELECT: the allowed values. */
  choices?: string[];
  /** INTEGER and DECIMAL: inclusive bounds. */
  min?: number;
  max?: number;
  /** DECIMAL: how many decimal places are allowed. */
  decimals?: number;
}

export interface CustomFieldDefinitionLike {
  type: CustomFieldType;
  behaviour: CustomFieldBehaviour;
  options?: CustomFieldOptions;
}

/** A stored value: JSON for the API, text for search and filters, a number for numeric filters. */
export interface NormalizedValue {
  value: string | number | boolean | string[];
  text: string;
  num: number | null;
}

export type ValueCheck = { ok: true; value: NormalizedValue | null } | { ok: false; message: string };

export const TEXT_VALUE_MAX = 10_000;
/** The largest float accepted, about 3.4e38 (a 32-bit float's range). */
export const FLOAT_MAX = 3.4e38;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** IPv6 in its full, compressed (::) and IPv4-suffixed forms; zones (%eth0) are refused. */
export function isIpv6(text: string): boolean {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  let body = text;
  if (text.includes(".")) {
    // An embedded IPv4 address stands for the last two groups.
    const lastColon = text.lastIndexOf(":");
    if (!isIpv4(text.slice(lastColon + 1))) return false;
    body = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const valid = (g: string) => /^[0-9a-fA-F]{1,4}$/.test(g);
  const parts = body.split("::");
  if (parts.length > 2) return false;
  if (parts.length === 1) {
    const groups = body.split(":");
    return groups.length === 8 && groups.every(valid);
  }
  const [head = "", tail = ""] = parts;
  const h = head === "" ? [] : head.split(":");
  const t = tail === "" ? [] : tail.split(":");
  return h.every(valid) && t.every(valid) && h.length + t.length <= 7;
}

export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

export interface NumericRules {
  min?: number | undefined;
  max?: number | undefined;
  /** Exclusive bounds use the "greater than"/"less than" messages. */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  decimals?: number | undefined;
}

/** The numeric range messages for a number already known to be well-formed. */
export function checkNumericRange(value: number, text: string, rules: NumericRules): string | null {
  if (!Number.isFinite(value) || Math.abs(value) > FLOAT_MAX) return messages.numeric.invalid;
  if (rules.decimals !== undefined) {
    const fraction = text.split(".")[1] ?? "";
    if (fraction.length > rules.decimals) return messages.numeric.decimals(rules.decimals);
  }
  if (rules.min !== undefined) {
    if (rules.minExclusive ? value <= rules.min : value < rules.min) {
      return rules.minExclusive
        ? messages.numeric.greaterThan(rules.min)
        : messages.numeric.greaterOrEqual(rules.min);
    }
  }
  if (rules.max !== undefined) {
    if (rules.maxExclusive ? value >= rules.max : value > rules.max) {
      return rules.maxExclusive
        ? messages.numeric.lessThan(rules.max)
        : messages.numeric.lessOrEqual(rules.max);
    }
  }
  return null;
}

const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;
const SCIENTIFIC_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)[eE][-+]?\d+$/;

function isEmpty(input: unknown): boolean {
  return (
    input === null ||
    input === undefined ||
    (typeof input === "string" && input.trim() === "") ||
    (Array.isArray(input) && input.length === 0)
  );
}

const asText = (input: unknown): string | null =>
  typeof input === "string"
    ? input.trim()
    : typeof input === "number" && Number.isFinite(input)
      ? String(input)
      : null;

function isValidDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Checks and normalizes one value for a field. Empty input means "no value": null,
 * or the mandatory message when `mandatory` (a required field being cleared).
 */
export function checkCustomFieldValue(
  def: CustomFieldDefinitionLike,
  input: unknown,
  mandatory = false,
): ValueCheck {
  if (isEmpty(input))
    return mandatory ? { ok: false, message: messages.mandatory } : { ok: true, value: null };
  const fail = (message: string): ValueCheck => ({ ok: false, message });
  const ok = (value: NormalizedValue["value"], text: string, num: number | null = null): ValueCheck => ({
    ok: true,
    value: { value, text, num },
  });
  const options = def.options ?? {};
  switch (def.type) {
    case "TEXT":
    case "MULTI_LINE": {
      if (typeof input !== "string") return fail(messages.numeric.invalid);
      const text = def.type === "TEXT" ? input.trim() : input;
      if (text.length > TEXT_VALUE_MAX) return fail(messages.numeric.invalid);
      if (def.type === "TEXT" && /[\r\n]/.test(text)) return fail(messages.numeric.invalid);
      return ok(text, text);
    }
    case "INTEGER": {
      const text = asText(input);
      if (text === null || !INTEGER_TEXT.test(text)) return fail(messages.customField.integer);
      const value = Number(text);
      const range =
        checkNumericRange(value, text, { min: INT_MIN, max: INT_MAX }) ??
        checkNumericRange(value, text, { min: options.min, max: options.max });
      return range ? fail(range) : ok(value, String(value), value);
    }
    case "DECIMAL": {
      const text = asText(input);
      if (text !== null && SCIENTIFIC_TEXT.test(text) && typeof input === "string")
        return fail(messages.numeric.scientific);
      const plain = typeof input === "number" ? decimalText(input) : text;
      if (plain === null || !DECIMAL_TEXT.test(plain)) return fail(messages.customField.decimal);
      const value = Number(plain);
      const range = checkNumericRange(value, plain, {
        min: options.min,
        max: options.max,
        decimals: options.decimals,
      });
      return range ? fail(range) : ok(value, String(value), value);
    }
    case "CHECKBOX": {
      const value =
        input === true || input === "true" ? true : input === false || input === "false" ? false : null;
      return value === null ? fail(messages.numeric.invalid) : ok(value, String(value));
    }
    case "DATE": {
      const text = asText(input);
      return text !== null && isValidDate(text) ? ok(text, text) : fail(messages.numeric.invalid);
    }
    case "DATE_TIME": {
      const text = asText(input);
      const valid =
        text !== null && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
      const date = valid ? new Date(text) : null;
      if (!date || Number.isNaN(date.getTime()) || !isValidDate(text!.slice(0, 10)))
        return fail(messages.numeric.invalid);
      const iso = date.toISOString();
      return ok(iso, iso);
    }
    case "DROPDOWN": {
      const text = asText(input);
      return text !== null && (options.choices ?? []).includes(text)
        ? ok(text, text)
        : fail(messages.numeric.invalid);
    }
    case "MULTI_SELECT": {
      const list = Array.isArray(input) ? input : [input];
      if (!list.every((v): v is string => typeof v === "string" && (options.choices ?? []).includes(v))) {
        return fail(messages.numeric.invalid);
      }
      // Kept in the definition's order, each once.
      const chosen = (options.choices ?? []).filter((c) => list.includes(c));
      return ok(chosen, chosen.join(", "));
    }
    case "IP_ADDRESS": {
      const text = asText(input);
      return text !== null && isIpAddress(text) ? ok(text, text) : fail(messages.customField.ipAddress);
    }
  }
}

/** A JS number as plain decimal text (no exponent) when it has one, else null. */
function decimalText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  return /e/i.test(text) ? null : text;
}

const NUMERIC_TYPES = new Set<CustomFieldType>(["INTEGER", "DECIMAL"]);

/**
 * Key blocking for numeric inputs: both block plus, minus, e and E; integer inputs also
 * block dot and comma. True means the key press must be prevented.
 */
export function blockedKey(type: CustomFieldType, key: string): boolean {
  if (!NUMERIC_TYPES.has(type)) return false;
  if (key === "+" || key === "-" || key === "e" || key === "E") return true;
  return type === "INTEGER" && (key === "." || key === ",");
}

/**
 * Input stripping: integer keeps digits only; decimal keeps digits and the first dot.
 * Other types are returned unchanged.
 */
export function sanitizeNumericInput(type: CustomFieldType, text: string): string {
  if (type === "INTEGER") return text.replace(/\D/g, "");
  if (type !== "DECIMAL") return text;
  const kept = text.replace(/[^\d.]/g, "");
  const dot = kept.indexOf(".");
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, "");
}

/** Where a device's effective value comes from: the nearest level that has one. */
export type ValueSource = "DEVICE" | "LOCATION" | "ORGANIZATION";

export function effectiveValue<T>(levels: {
  device?: T | undefined;
  location?: T | undefined;
  organization?: T | undefined;
}): { value: T; source: ValueSource } | null {
  if (levels.device !== undefined) return { value: levels.device, source: "DEVICE" };
  if (levels.location !== undefined) return { value: levels.location, source: "LOCATION" };
  if (levels.organization !== undefined) return { value: levels.organization, source: "ORGANIZATION" };
  return null;
}

/** A field's technical name: a letter, then letters, digits or underscores. */
export const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
