import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  agentText,
  checkJson,
  coercedId,
  hasUnstorableText,
  id,
  jsonObject,
  MAX_ID,
  text,
  toStorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from "./common.js";
import { agent, createOrganizationRequest, submitJobRequest } from "./index.js";

function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe("text", () => {
  it("refuses NUL and lone surrogates with one message, keeps pairs and chained options", () => {
    const field = text().trim().min(1).max(5);
    for (const bad of ["a\u0000b", "\uD800", "x\uDC00", "\uDBFFa"]) {
      const r = field.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
    expect(field.parse("  😀a  ")).toBe("😀a");
    expect(field.safeParse("      ").success).toBe(false);
    expect(field.safeParse("abcdef").success).toBe(false);
  });

  it("tells storable from unstorable text", () => {
    expect(hasUnstorableText("plain ✓ 😀")).toBe(false);
    expect(hasUnstorableText("\uD83D")).toBe(true);
    expect(hasUnstorableText("\uDE00\uD83D")).toBe(true);
    expect(toStorableText("a\u0000b\uD800c😀")).toBe("ab\uFFFDc😀");
  });

  it("strips agent text before the limit is checked", () => {
    expect(agentText(3).parse("ab\u0000\u0000")).toBe("ab");
    expect(agentText(3).safeParse("abcd").success).toBe(false);
    const inv = agent.inventoryDelta.parse({ hostname: "host\u0000name\uDC00" });
    expect(inv.hostname).toBe("hostname\uFFFD");
  });

  it("is used by request schemas (an organization name with a NUL is refused)", () => {
    const r = createOrganizationRequest.safeParse({ name: "Acme\u0000" });
    expect(r.error?.issues[0]).toMatchObject({ path: ["name"], message: UNSTORABLE_TEXT_MESSAGE });
  });
});

describe("ids", () => {
  it("match the 32-bit columns, in bodies and in paths", () => {
    expect(id().parse(MAX_ID)).toBe(2147483647);
    for (const bad of [0, -1, 1.5, 2147483648, 9007199254740991])
      expect(id().safeParse(bad).success, String(bad)).toBe(false);
    expect(coercedId().parse("42")).toBe(42);
    for (const bad of ["2147483648", "9007199254740991", "abc", "", "0"])
      expect(coercedId().safeParse(bad).success, bad).toBe(false);
  });
});

describe("free-form JSON", () => {
  it("refuses a 100,000-deep value without blowing the stack", () => {
    const problem = checkJson(deepObject(100_000));
    expect(problem?.message).toMatch(/Nested too deeply/);
    expect(problem?.path).toHaveLength(32);
    const r = submitJobRequest.safeParse({
      nodes: [{ nodeId: 1, jobs: [{ jobType: "ACTION", content: { x: deepObject(100_000) } }] }],
    });
    expect(r.success).toBe(false);
  });

  it("accepts up to the depth limit and refuses one more", () => {
    expect(checkJson(deepObject(31))).toBeNull(); // 31 objects + the scalar
    expect(checkJson(deepObject(32))).toBeNull();
    expect(checkJson(deepObject(33))).not.toBeNull();
    expect(checkJson([[["x"]]], { maxDepth: 2 })?.path).toEqual([0, 0]);
  });

  it("refuses unstorable text in keys and values, non-JSON values and oversize values", () => {
    expect(checkJson({ a: ["ok", "b\u0000"] })).toEqual({ path: ["a", 1], message: UNSTORABLE_TEXT_MESSAGE });
    expect(checkJson({ "k\uD800": 1 })?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(checkJson({ n: Number.NaN })?.message).toMatch(/finite/);
    expect(checkJson({ d: new Date() })?.message).toBe("Not a JSON value");
    expect(checkJson({ s: "x".repeat(2000) }, { maxBytes: 1000 })?.message).toMatch(/Too large/);
    expect(checkJson({ s: "x".repeat(500) }, { maxBytes: 1000 })).toBeNull();
  });

  it("jsonObject reports the problem's path inside the object", () => {
    const schema = z.object({ content: jsonObject() });
    const r = schema.safeParse({ content: { list: [1, "\u0000"] } });
    expect(r.error?.issues[0]?.path).toEqual(["content", "list", 1]);
    expect(schema.parse({ content: { a: { b: [1, true, null] } } })).toEqual({
      content: { a: { b: [1, true, null] } },
    });
  });
});

describe("agent enrollment key", () => {
  it("accepts base64 of exactly 32 bytes only", () => {
    const key = (n: number) => Buffer.alloc(n, 7).toString("base64");
    expect(agent.isEd25519PublicKey(key(32))).toBe(true);
    expect(agent.isEd25519PublicKey(key(31))).toBe(false);
    expect(agent.isEd25519PublicKey(key(33))).toBe(false);
    expect(agent.isEd25519PublicKey(Buffer.alloc(32, 255).toString("base64url"))).toBe(false);
    expect(agent.isEd25519PublicKey(key(32).replace("=", ""))).toBe(false);
    // The last character must leave the unused low bits zero (a canonical encoding).
    expect(agent.isEd25519PublicKey(key(32).slice(0, 42) + "B=")).toBe(false);
  });
});
