import { z } from "zod";
import { fillTemplate } from "./i18n/localize.js";
import { validationEn } from "./i18n/shared/en/validation.js";

// ---- Text ----

/** The message of every text field that holds a NUL or a lone UTF-16 surrogate. */
export const UNSTORABLE_TEXT_MESSAGE = validationEn.unstorableText;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// (Matching NUL is the point of these patterns.)
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * True when the database cannot store the string as text: PostgreSQL refuses NUL in text and
 * jsonb, and a lone surrogate is not valid UTF-8.
 */
export function hasUnstorableText(s: string): boolean {
  return UNSTORABLE.test(s);
}

/** Drops NULs and replaces lone surrogates with U+FFFD: for text reported by agents. */
export function toStorableText(s: string): string {
  return UNSTORABLE.test(s) ? s.replace(UNSTORABLE_ALL, (c) => (c === "\u0000" ? "" : "\uFFFD")) : s;
}

/**
 * The one text type of every string a console request carries (body, query, params). It
 * refuses a NUL or a lone surrogate (E_VALIDATION, "Text contains characters that cannot be
 * stored"); chain .trim(), .min(), .max(), .regex() as on any string.
 */
export function text() {
  return z.string().refine((s) => !hasUnstorableText(s), { message: UNSTORABLE_TEXT_MESSAGE });
}

/**
 * Text an agent reports (inventory, job output): NULs are dropped and lone surrogates become
 * U+FFFD before the limit is checked, so one odd program name never loses a whole report.
 */
export function agentText(max: number) {
  return z.string().overwrite(toStorableText).max(max);
}

// ---- Ids ----

/** Ids are 32-bit serial columns: 1 … 2,147,483,647. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export function id() {
  return z.number().int().min(1).max(MAX_ID);
}

/** An id in a path or query string ("42"). */
export function coercedId() {
  return z.coerce.number().int().min(1).max(MAX_ID);
}

export const idParam = z.object({ id: coercedId() });
export type IdParam = z.infer<typeof idParam>;

/** A page number of a list (its offset stays far inside a 64-bit OFFSET). */
export function pageNumber() {
  return z.coerce.number().int().min(1).max(MAX_ID).default(1);
}

export const isoDateTime = z.iso.datetime({ offset: true });

export const pageQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: text().trim().max(200).optional(),
});

// ---- Free-form JSON ----

export const JSON_MAX_DEPTH = 32;
/** Large enough for a job's content carrying a 1,000,000-character inline script. */
export const JSON_MAX_BYTES = 1_100_000;

export interface JsonLimits {
  /** Nesting levels; the value itself is level 1. */
  maxDepth?: number;
  /** Approximate size of the value as JSON text. */
  maxBytes?: number;
}

export interface JsonProblem {
  path: (string | number)[];
  message: string;
}

interface Frame {
  value: unknown;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) path.unshift(f.key);
  return path;
}

/**
 * Checks a free-form JSON value without recursion (a 100,000-deep value cannot blow the
 * stack): plain JSON types only, at most maxDepth levels, about maxBytes of JSON text, and no
 * text the database cannot store. Answers the first problem, or null.
 */
export function checkJson(value: unknown, limits: JsonLimits = {}): JsonProblem | null {
  const maxDepth = limits.maxDepth ?? JSON_MAX_DEPTH;
  const maxBytes = limits.maxBytes ?? JSON_MAX_BYTES;
  let bytes = 0;
  const stack: Frame[] = [{ value, depth: 1, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    const fail = (message: string): JsonProblem => ({ path: pathOf(frame), message });
    if (v === null || typeof v === "boolean") {
      bytes += 5;
    } else if (typeof v === "number") {
      if (!Number.isFinite(v)) return fail(validationEn.json.notFinite);
      bytes += 24;
    } else if (typeof v === "string") {
      if (hasUnstorableText(v)) return fail(UNSTORABLE_TEXT_MESSAGE);
      bytes += v.length + 2;
    } else if (typeof v === "object") {
      if (frame.depth > maxDepth)
        return fail(fillTemplate(validationEn.json.nestedTooDeeply, { max: maxDepth }));
      bytes += 2;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ value: v[i], depth: frame.depth + 1, key: i, parent: frame });
      } else {
        const proto = Object.getPrototypeOf(v) as unknown;
        if (proto !== Object.prototype && proto !== null) return fail(validationEn.json.notJson);
        const entries = Object.entries(v as Record<string, unknown>);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [k, item] = entries[i]!;
          if (hasUnstorableText(k)) return fail(UNSTORABLE_TEXT_MESSAGE);
          bytes += k.length + 3;
          stack.push({ value: item, depth: frame.depth + 1, key: k, parent: frame });
        }
      }
    } else {
      return fail(validationEn.json.notJson);
    }
    if (bytes > maxBytes) return fail(fillTemplate(validationEn.json.tooLarge, { max: maxBytes }));
  }
  return null;
}

function jsonRefinement(limits: JsonLimits) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const problem = checkJson(value, limits);
    if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message, input: value });
  };
}

/** Any free-form JSON value (checked by checkJson). */
export function jsonValue(limits: JsonLimits = {}) {
  return z.unknown().superRefine(jsonRefinement(limits));
}

/** A free-form JSON object (a jsonb column's content), checked by checkJson. */
export function jsonObject(limits: JsonLimits = {}) {
  return z.record(text(), z.unknown()).superRefine(jsonRefinement(limits));
}

// ---- Responses ----

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export const okResponse = z.object({ ok: z.literal(true) });
