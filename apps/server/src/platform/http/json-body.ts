import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

/**
 * Deepest nesting a JSON request body may have. Free-form content inside a body (a job's
 * content) is limited to 32 levels by its schema; the envelope around it needs a few more.
 */
export const BODY_MAX_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than maxDepth; a loop, so depth cannot blow the stack. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > maxDepth) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>))
      if (item !== null && typeof item === "object") stack.push({ value: item, depth: depth + 1 });
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (same prototype-poisoning rules,
 * same errors) followed by a nesting check: a body nested deeper than BODY_MAX_DEPTH answers
 * 400 E_VALIDATION before any code can recurse over it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    void parse(request, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      if (nestsDeeperThan(value, BODY_MAX_DEPTH)) {
        return done(
          new AppError("E_VALIDATION", 400, {
            id: "errors.http.nestedTooDeeply",
            values: { max: BODY_MAX_DEPTH },
          }),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
