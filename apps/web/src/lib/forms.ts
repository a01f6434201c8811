import { useForm, type UseFormInput, type UseFormReturnType } from "@mantine/form";
import type { z } from "zod";
import { messages } from "@steward/domain";
import { isApiError } from "../api/client";
import { localizeText } from "../i18n";

export type FieldErrors = Record<string, string>;

function messageFor(issue: z.core.$ZodIssue): string {
  // An empty required text field: the spec's generic mandatory message rather than zod's wording.
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) {
    return messages.mandatory;
  }
  return issue.message;
}

/** Validates form values with a contract schema; returns the parsed value or the first message per field. */
export function validateWith<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || "_form";
    if (!(key in errors)) errors[key] = localizeText(messageFor(issue));
  }
  return { ok: false, errors };
}

/** Field errors the server sent in an E_VALIDATION body, when it names fields. */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const issues = (details as { issues?: unknown } | null)?.issues ?? details;
  if (!Array.isArray(issues)) return errors;
  for (const issue of issues) {
    if (!issue || typeof issue !== "object") continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== "string") continue;
    const full = Array.isArray(path) ? path.map(String).join(".") : typeof path === "string" ? path : "";
    // Request-body paths may come as "body.<field>": the form knows its fields without it.
    const key = full.startsWith("body.") ? full.slice("body.".length) : full;
    if (key && !(key in errors)) errors[key] = localizeText(message);
  }
  return errors;
}

/** The errors without the one of `key` (a field the user just changed). */
export function clearError(errors: FieldErrors, key: string): FieldErrors {
  if (!(key in errors)) return errors;
  const next = { ...errors };
  delete next[key];
  return next;
}

/**
 * A form whose values a contract schema validates: `@mantine/form` keeps the field state, the
 * schema (the same one the server applies) decides what is valid, messages come in the reader's
 * language. Submit with `form.onSubmit((values) => …)`; put server field errors on it with
 * `applyServerErrors`.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  options: Omit<UseFormInput<Values>, "validate">,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: "controlled",
    ...options,
    validate: (values) => {
      const result = validateWith(schema, values);
      return result.ok ? {} : result.errors;
    },
  });
}

/**
 * Shows the server's field errors (an E_VALIDATION answer naming fields) on the form's fields.
 * Returns true when at least one field got its message.
 */
export function applyServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): boolean {
  if (!isApiError(error, "E_VALIDATION")) return false;
  const fields = serverFieldErrors(error.details);
  if (Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  return true;
}
