import type { ErrorCode } from "@steward/contracts";
import { messagesByLocale, type MessageKey } from "../i18n/catalogue";

/** Codes the client itself raises when the server never answered with an error body. */
export type ClientErrorCode = "E_NETWORK" | "E_HTTP";

/** A failed /api call; `code` is the server's stable code (switch on it, never on the message). */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly requestId: string | undefined;
  /** The seed's resultCode, on calls whose answers carry one (e.g. NO_USABLE_MAC_ADRESSES). */
  readonly resultCode: string | undefined;
  /** The catalogue id of the server's message and its values: shown in the reader's language. */
  readonly messageId: string | undefined;
  readonly messageValues: Record<string, string | number> | undefined;

  constructor(init: {
    code: ErrorCode | ClientErrorCode;
    status: number;
    message: string;
    details?: unknown;
    requestId?: string | undefined;
    resultCode?: string | undefined;
    messageId?: string | undefined;
    messageValues?: Record<string, string | number> | undefined;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.requestId = init.requestId;
    this.resultCode = init.resultCode;
    this.messageId = init.messageId;
    this.messageValues = init.messageValues;
  }
}

export function isApiError(error: unknown, code?: ApiError["code"]): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** What the app does when the server says the session is gone or needs MFA. */
export type AuthFailureHandler = (code: "E_UNAUTHENTICATED" | "E_SESSION_EXPIRED" | "E_MFA_REQUIRED") => void;

let csrfToken: string | null = null;
let authFailureHandler: AuthFailureHandler | null = null;

/** Called whenever a session answer carries a CSRF token (or the session ends). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function setAuthFailureHandler(handler: AuthFailureHandler | null): void {
  authFailureHandler = handler;
}

/**
 * Asks the user to confirm their second factor again (a sensitive action answered
 * E_STEP_UP_REQUIRED); resolves true once confirmed, false when they cancel.
 */
export type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;
let pendingStepUp: Promise<boolean> | null = null;

export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/** One prompt at a time: requests refused together wait for the same confirmation. */
function confirmStepUp(handler: StepUpHandler): Promise<boolean> {
  pendingStepUp ??= handler().finally(() => {
    pendingStepUp = null;
  });
  return pendingStepUp;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** false: a 401 is returned to the caller only, without sending the user anywhere (the session probe). */
  redirectOnAuthFailure?: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);
/**
 * An error the console itself raises: the English text as its message (logs, tests), the
 * catalogue id so people read it in their language.
 */
function clientError(
  code: ClientErrorCode,
  status: number,
  id: MessageKey,
  values: Record<string, string | number> = {},
  extra: { requestId?: string | undefined; resultCode?: string | undefined } = {},
): ApiError {
  const english = (messagesByLocale.en[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? ""),
  );
  return new ApiError({ code, status, message: english, messageId: id, messageValues: values, ...extra });
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = path.startsWith("/api") ? path : `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string") {
    const b = body as {
      code: ErrorCode;
      message?: unknown;
      details?: unknown;
      requestId?: unknown;
      resultCode?: unknown;
      messageId?: unknown;
      messageValues?: unknown;
    };
    // Without a message of its own, the answer reads as "Request failed (status)".
    const fallback =
      typeof b.message === "string" && b.message
        ? null
        : clientError("E_HTTP", response.status, "ui.errors.requestFailed", { status: response.status });
    return new ApiError({
      code: b.code,
      status: response.status,
      message: fallback ? fallback.message : (b.message as string),
      details: b.details,
      requestId:
        typeof b.requestId === "string" ? b.requestId : (response.headers.get("x-request-id") ?? undefined),
      resultCode: typeof b.resultCode === "string" ? b.resultCode : undefined,
      messageId: typeof b.messageId === "string" ? b.messageId : fallback?.messageId,
      messageValues: plainValues(b.messageValues) ?? fallback?.messageValues,
    });
  }
  // Some seed calls answer failures with only a resultCode (no error code).
  if (body && typeof body === "object" && typeof (body as { resultCode?: unknown }).resultCode === "string") {
    return clientError(
      "E_HTTP",
      response.status,
      "ui.errors.serverError",
      { status: response.status },
      {
        requestId: response.headers.get("x-request-id") ?? undefined,
        resultCode: (body as { resultCode: string }).resultCode,
      },
    );
  }
  return clientError(
    "E_HTTP",
    response.status,
    "ui.errors.unexpectedAnswer",
    { status: response.status },
    { requestId: response.headers.get("x-request-id") ?? undefined },
  );
}

/** Message values as the server sent them: only strings and numbers are kept. */
function plainValues(value: unknown): Record<string, string | number> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value))
    if (typeof v === "string" || typeof v === "number") values[key] = v;
  return values;
}

/**
 * The one way the console talks to the server: JSON in and out, same-origin cookies, CSRF header.
 * A sensitive action refused for a stale second-factor confirmation opens the confirmation prompt
 * and, once confirmed, is sent again exactly once.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendRequest<T>(method, path, options);
  } catch (error) {
    const handler = stepUpHandler;
    if (!handler || !isApiError(error, "E_STEP_UP_REQUIRED") || options.signal?.aborted) throw error;
    if (!(await confirmStepUp(handler))) throw error;
    return sendRequest<T>(method, path, options);
  }
}

async function sendRequest<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const upper = method.toUpperCase();
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (!SAFE_METHODS.has(upper) && csrfToken) headers["x-csrf-token"] = csrfToken;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: upper,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw clientError("E_NETWORK", 0, "ui.errors.network");
  }

  if (!response.ok) {
    const error = await readErrorBody(response);
    if (response.status === 401 && options.redirectOnAuthFailure !== false && authFailureHandler) {
      if (
        error.code === "E_UNAUTHENTICATED" ||
        error.code === "E_SESSION_EXPIRED" ||
        error.code === "E_MFA_REQUIRED"
      ) {
        authFailureHandler(error.code);
      }
    }
    throw error;
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw clientError("E_HTTP", response.status, "ui.errors.unreadable");
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PATCH", path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
};
