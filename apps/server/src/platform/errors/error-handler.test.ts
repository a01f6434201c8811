import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandling, UNSTORABLE_VALUE_MESSAGE } from "./error-handler.js";
import { BODY_MAX_DEPTH, nestsDeeperThan } from "../http/json-body.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandling(app);
  app.post("/echo", async (request) => ({ received: typeof request.body }));
  app.get("/db-refused", async () => {
    // The shape drizzle gives a PostgreSQL error: the SQLSTATE sits on the cause.
    throw Object.assign(new Error("Failed query: insert …"), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
    });
  });
  app.get("/db-other", async () => {
    throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const deepText = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe("JSON bodies", () => {
  it("refuses a 100,000-deep body with 400 E_VALIDATION, and accepts one at the limit", async () => {
    const deep = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: deepText(100_000),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: "E_VALIDATION",
      message: `The request body is nested too deeply (at most ${BODY_MAX_DEPTH} levels)`,
    });
    const deepArray = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "[".repeat(BODY_MAX_DEPTH + 1) + "]".repeat(BODY_MAX_DEPTH + 1),
    });
    expect(deepArray.statusCode).toBe(400);
    const atLimit = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: deepText(BODY_MAX_DEPTH),
    });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json()).toEqual({ received: "object" });
  });

  it("keeps Fastify's own answers: empty and malformed bodies, prototype poisoning", async () => {
    for (const payload of ["", '{"a":', '{"__proto__":{"x":1}}']) {
      const res = await app.inject({
        method: "POST",
        url: "/echo",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe("E_BAD_JSON");
    }
  });

  it("measures nesting without recursion", () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(deepText(100_000)), 64)).toBe(true);
  });
});

describe("database refusals", () => {
  it("answers a data exception from the database as 400 E_VALIDATION, other database errors as 500", async () => {
    const refused = await app.inject({ method: "GET", url: "/db-refused" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "E_VALIDATION", message: UNSTORABLE_VALUE_MESSAGE });
    const other = await app.inject({ method: "GET", url: "/db-other" });
    expect(other.statusCode).toBe(500);
    expect(other.json().code).toBe("E_INTERNAL");
  });
});
