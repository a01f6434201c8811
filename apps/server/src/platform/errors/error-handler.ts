import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sharedEn, type ErrorCode, type ErrorResponse } from "@steward/contracts";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { installJsonBodyParser } from "../http/json-body.js";
import { AppError, type ErrorText, type FieldMessage } from "./app-error.js";
import type { ErrorMessageIdOf } from "./error-messages.js";

/**
 * Answered when the database itself refuses a value (a PostgreSQL data exception, SQLSTATE
 * class 22: out-of-range number, text it cannot store …). Request schemas are meant to refuse
 * such values first; this keeps a value that slipped through from becoming a 500.
 */
export const UNSTORABLE_VALUE_MESSAGE = sharedEn.errors.validation.unstorable;

/** The SQLSTATE of a database error anywhere in an error's cause chain. */
function sqlState(error: unknown): string | undefined {
  for (
    let e: unknown = error, i = 0;
    e && typeof e === "object" && i < 5;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The error body of an AppError: code, English message, its catalogue id and values, details. */
export function errorBody(error: AppError): Omit<ErrorResponse, "requestId"> {
  const body: Omit<ErrorResponse, "requestId"> = { code: error.code, message: error.message };
  if (error.messageId !== undefined) body.messageId = error.messageId;
  if (error.messageValues !== undefined) body.messageValues = error.messageValues;
  if (error.details !== undefined) body.details = error.details;
  if (error.resultCode !== undefined) body.resultCode = error.resultCode;
  return body;
}

/** Answers an error with a code and one of its catalogue texts. */
export function sendError<C extends ErrorCode>(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: C,
  text?: ErrorText<ErrorMessageIdOf<C>> | FieldMessage,
  details?: unknown,
) {
  return sendAppError(reply, request, new AppError(code, status, text, details));
}

function sendAppError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  return reply
    .status(error.statusCode)
    .type("application/json")
    .send({ ...errorBody(error), requestId: String(request.id) });
}

/**
 * Installs the single error shape { code, message, details?, requestId } for every /api failure,
 * and the JSON body parser that refuses bodies nested too deeply (so no handler can overflow
 * the stack walking one).
 */
export function installErrorHandling(app: FastifyInstance): void {
  installJsonBodyParser(app);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // An expected failure (it has a code), even a 5xx one: a warning, not an error.
      if (error.statusCode >= 500)
        request.log.warn({ code: error.code, msg: error.message }, "request failed");
      return sendAppError(reply, request, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [String(error.validationContext ?? "body"), ...pathOf(v.instancePath)],
        message: v.message ?? "Invalid value",
      }));
      const first = issues[0];
      return sendError(
        reply,
        request,
        400,
        "E_VALIDATION",
        first
          ? {
              id: "errors.validation.field",
              values: { field: first.path.slice(1).join(".") || first.path[0]!, issue: first.message },
            }
          : { id: "errors.validation.invalidRequest" },
        { issues },
      );
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendError(reply, request, 400, "E_BAD_JSON");
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, request, 400, "E_BODY_TOO_LARGE");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, request, 415, "E_UNSUPPORTED_MEDIA_TYPE");
      default:
        break;
    }
    if (fe.statusCode !== undefined && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's own client errors (bad content-length, malformed URL …): never a 500.
      return sendError(reply, request, 400, "E_VALIDATION", { id: "errors.http.malformed" });
    }
    if (sqlState(error)?.startsWith("22")) {
      // Still a defect (a schema let the value through): logged as an error, answered as bad input.
      request.log.error({ err: error }, "the database refused a value from the request");
      return sendError(reply, request, 400, "E_VALIDATION", { id: "errors.validation.unstorable" });
    }
    request.log.error({ err: error }, "unexpected error");
    return sendError(reply, request, 500, "E_INTERNAL");
  });
}

function pathOf(instancePath: string | undefined): string[] {
  return (instancePath ?? "").split("/").filter(Boolean);
}
