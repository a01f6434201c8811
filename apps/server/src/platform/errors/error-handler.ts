import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorResponse } from "@steward/contracts";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { installJsonBodyParser } from "../http/json-body.js";
import { AppError } from "./app-error.js";

/**
 * Answered when the database itself refuses a value (a PostgreSQL data exception, SQLSTATE
 * class 22: out-of-range number, text it cannot store …). Request schemas are meant to refuse
 * such values first; this keeps a value that slipped through from becoming a 500.
 */
export const UNSTORABLE_VALUE_MESSAGE = "A value in the request cannot be stored";

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

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorResponse, "requestId">,
) {
  return reply
    .status(status)
    .type("application/json")
    .send({ ...body, requestId: String(request.id) });
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
      const body: Omit<ErrorResponse, "requestId"> = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.resultCode !== undefined) body.resultCode = error.resultCode;
      // An expected failure (it has a code), even a 5xx one: a warning, not an error.
      if (error.statusCode >= 500)
        request.log.warn({ code: error.code, msg: error.message }, "request failed");
      return sendError(reply, request, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [String(error.validationContext ?? "body"), ...pathOf(v.instancePath)],
        message: v.message ?? "Invalid value",
      }));
      const first = issues[0];
      return sendError(reply, request, 400, {
        code: "E_VALIDATION",
        message: first
          ? `${first.path.slice(1).join(".") || first.path[0]}: ${first.message}`
          : "Invalid request",
        details: { issues },
      });
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendError(reply, request, 400, {
          code: "E_BAD_JSON",
          message: "The request body is not valid JSON",
        });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, request, 400, {
          code: "E_BODY_TOO_LARGE",
          message: "The request body is too large",
        });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, request, 415, {
          code: "E_UNSUPPORTED_MEDIA_TYPE",
          message: "Send the request body as application/json",
        });
      default:
        break;
    }
    if (fe.statusCode !== undefined && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's own client errors (bad content-length, malformed URL …): never a 500.
      return sendError(reply, request, 400, { code: "E_VALIDATION", message: "The request is malformed" });
    }
    if (sqlState(error)?.startsWith("22")) {
      // Still a defect (a schema let the value through): logged as an error, answered as bad input.
      request.log.error({ err: error }, "the database refused a value from the request");
      return sendError(reply, request, 400, { code: "E_VALIDATION", message: UNSTORABLE_VALUE_MESSAGE });
    }
    request.log.error({ err: error }, "unexpected error");
    return sendError(reply, request, 500, {
      code: "E_INTERNAL",
      message:
        "Something went wrong on our side. Try again; if it keeps happening, contact your administrator.",
    });
  });
}

function pathOf(instancePath: string | undefined): string[] {
  return (instancePath ?? "").split("/").filter(Boolean);
}
