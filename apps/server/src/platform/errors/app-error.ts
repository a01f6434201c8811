import type { ErrorCode } from "@steward/contracts";

/** An expected failure with a stable code; rendered by the one error handler. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly details?: unknown,
    readonly resultCode?: string,
  ) {
    super(message ?? defaultMessages[code] ?? code);
    this.name = "AppError";
  }
}

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  E_NOT_FOUND: "Not found",
  E_UNAUTHENTICATED: "Sign in to continue",
  E_SESSION_EXPIRED: "Your session has expired. Sign in again.",
  E_MFA_REQUIRED: "Complete multi-factor authentication to continue",
  E_FORBIDDEN: "You do not have permission to do this",
  E_CSRF: "The request is missing a valid CSRF token. Reload the page and try again.",
  E_INVALID_CREDENTIALS: "Incorrect email or password",
  E_MFA_INVALID_CODE: "The code is not valid",
  E_INTERNAL:
    "Something went wrong on our side. Try again; if it keeps happening, contact your administrator.",
};

export const notFound = (code: ErrorCode = "E_NOT_FOUND", message?: string) =>
  new AppError(code, 404, message);
