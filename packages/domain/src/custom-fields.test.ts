import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  blockedKey,
  checkCustomFieldValue,
  customFieldBehaviours,
  customFieldTypes,
  effectiveValue,
  isIpAddress,
  sanitizeNumericInput,
  type CustomFieldDefinitionLike,
  type CustomFieldType,
} from "./custom-fields.js";
import { messages } from "./messages.js";

const def = (
  type: CustomFieldType,
  options: CustomFieldDefinitionLike["options"] = {},
): CustomFieldDefinitionLike => ({
  type,
  behaviour: "OPTIONAL",
  options,
});
const message = (type: CustomFieldType, input: unknown, options?: CustomFieldDefinitionLike["options"]) => {
  const r = checkCustomFieldValue(def(type, options), input);
  return r.ok ? null : r.message;
};
const value = (type: CustomFieldType, input: unknown, options?: CustomFieldDefinitionLike["options"]) => {
  const r = checkCustomFieldValue(def(type, options), input);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("custom field types and behaviours", () => {
  it("has the spec's ten types and six behaviours", () => {
    expect(customFieldTypes).toHaveLength(10);
    expect(customFieldBehaviours).toEqual([
      "HIDDEN",
      "OPTIONAL",
      "REQUIRED",
      "READ_ONLY",
      "REQUIRED_TO_CREATE",
      "REQUIRED_TO_RESOLVE",
    ]);
  });
});

describe("checkCustomFieldValue: the spec's exact messages", () => {
  it("integer", () => {
    expect(messages.customField.integer).toBe("Input must be of integer value");
    for (const bad of ["1.5", "abc", "1,000", "1e3", "--1", " 1 2"])
      expect(message("INTEGER", bad), bad).toBe("Input must be of integer value");
    expect(message("INTEGER", 1.5)).toBe("Input must be of integer value");
    expect(value("INTEGER", "42")).toEqual({ value: 42, text: "42", num: 42 });
    expect(value("INTEGER", -7)).toEqual({ value: -7, text: "-7", num: -7 });
    expect(message("INTEGER", "2147483648")).toBe("Value must be less than or equal to 2147483647");
    expect(message("INTEGER", "-2147483649")).toBe("Value must be greater than or equal to -2147483648");
    expect(message("INTEGER", "5", { min: 10 })).toBe("Value must be greater than or equal to 10");
    expect(message("INTEGER", "50", { max: 10 })).toBe("Value must be less than or equal to 10");
  });

  it("decimal", () => {
    expect(messages.customField.decimal).toBe("Input must be of decimal value");
    for (const bad of ["abc", "1.2.3", "1,5", "1.5x"])
      expect(message("DECIMAL", bad), bad).toBe("Input must be of decimal value");
    expect(message("DECIMAL", "1e5")).toBe("Must not be in scientific notation");
    expect(message("DECIMAL", "1.234", { decimals: 2 })).toBe("Can contain up to 2 decimal places");
    expect(message("DECIMAL", "1e39")).toBe("Must not be in scientific notation");
    expect(message("DECIMAL", "9".repeat(40))).toBe("Invalid");
    expect(value("DECIMAL", "3.25")).toEqual({ value: 3.25, text: "3.25", num: 3.25 });
    expect(value("DECIMAL", ".5")).toMatchObject({ value: 0.5 });
    expect(message("DECIMAL", "0.5", { min: 1 })).toBe("Value must be greater than or equal to 1");
  });

  it("IP address (v4 and v6)", () => {
    expect(messages.customField.ipAddress).toBe("Value must be a valid IP Address");
    for (const good of [
      "10.0.0.1",
      "255.255.255.255",
      "::1",
      "fe80::1",
      "2001:db8::8a2e:370:7334",
      "::ffff:192.168.1.1",
      "1:2:3:4:5:6:7:8",
    ]) {
      expect(isIpAddress(good), good).toBe(true);
      expect(message("IP_ADDRESS", good)).toBeNull();
    }
    for (const bad of [
      "256.0.0.1",
      "10.0.0",
      "01.2.3.4",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "fe80::1%eth0",
      "host",
      "1.2.3.4.5",
      ":1",
      "1:::2",
    ]) {
      expect(isIpAddress(bad), bad).toBe(false);
      expect(message("IP_ADDRESS", bad)).toBe("Value must be a valid IP Address");
    }
  });

  it("mandatory message when a required value is cleared; empty is no value otherwise", () => {
    expect(checkCustomFieldValue(def("TEXT"), "  ", true)).toEqual({
      ok: false,
      message: "Mandatory value is undefined. Please enter a value.",
    });
    expect(checkCustomFieldValue(def("MULTI_SELECT", { choices: ["a"] }), [], true)).toEqual({
      ok: false,
      message: messages.mandatory,
    });
    expect(checkCustomFieldValue(def("INTEGER"), null)).toEqual({ ok: true, value: null });
  });

  it("the other types", () => {
    expect(value("TEXT", "  hi ")).toMatchObject({ value: "hi" });
    expect(message("TEXT", "a\nb")).toBe("Invalid");
    expect(value("MULTI_LINE", "a\nb")).toMatchObject({ value: "a\nb" });
    expect(value("CHECKBOX", true)).toMatchObject({ value: true, text: "true" });
    expect(message("CHECKBOX", "yes")).toBe("Invalid");
    expect(value("DATE", "2024-02-29")).toMatchObject({ value: "2024-02-29" });
    expect(message("DATE", "2023-02-29")).toBe("Invalid");
    expect(value("DATE_TIME", "2024-05-01T10:00:00+02:00")).toMatchObject({
      value: "2024-05-01T08:00:00.000Z",
    });
    expect(message("DATE_TIME", "2024-05-01 10:00")).toBe("Invalid");
    expect(value("DROPDOWN", "b", { choices: ["a", "b"] })).toMatchObject({ value: "b" });
    expect(message("DROPDOWN", "c", { choices: ["a", "b"] })).toBe("Invalid");
    expect(value("MULTI_SELECT", ["c", "a", "c"], { choices: ["a", "b", "c"] })).toEqual({
      value: ["a", "c"],
      text: "a, c",
      num: null,
    });
    expect(message("MULTI_SELECT", ["x"], { choices: ["a"] })).toBe("Invalid");
  });
});

describe("numeric key blocking and stripping", () => {
  it("numeric inputs block + - e E; integer also . and ,", () => {
    for (const key of ["+", "-", "e", "E"]) {
      expect(blockedKey("INTEGER", key)).toBe(true);
      expect(blockedKey("DECIMAL", key)).toBe(true);
    }
    expect(blockedKey("INTEGER", ".")).toBe(true);
    expect(blockedKey("INTEGER", ",")).toBe(true);
    expect(blockedKey("DECIMAL", ".")).toBe(false);
    expect(blockedKey("DECIMAL", ",")).toBe(false);
    expect(blockedKey("DECIMAL", "5")).toBe(false);
    expect(blockedKey("TEXT", "e")).toBe(false);
    expect(blockedKey("IP_ADDRESS", ".")).toBe(false);
  });

  it("integer strips non-digits; decimal keeps digits and only the first dot", () => {
    expect(sanitizeNumericInput("INTEGER", "-1,234.5e3")).toBe("123453");
    expect(sanitizeNumericInput("DECIMAL", "-1,234.5.6e3")).toBe("1234.563");
    expect(sanitizeNumericInput("DECIMAL", "..5")).toBe(".5");
    expect(sanitizeNumericInput("TEXT", "a-b")).toBe("a-b");
  });

  it("sanitized input always passes the type's own check (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const i = sanitizeNumericInput("INTEGER", s);
        expect(/^\d*$/.test(i)).toBe(true);
        const d = sanitizeNumericInput("DECIMAL", s);
        expect(/^\d*\.?\d*$/.test(d)).toBe(true);
        if (i !== "" && i.length < 10) expect(message("INTEGER", i)).toBeNull();
        if (/\d/.test(d) && d.length < 30) expect(message("DECIMAL", d)).toBeNull();
      }),
    );
  });
});

describe("effectiveValue", () => {
  it("reads the nearest level: device, then location, then organization", () => {
    expect(effectiveValue({ device: 1, location: 2, organization: 3 })).toEqual({
      value: 1,
      source: "DEVICE",
    });
    expect(effectiveValue({ location: 2, organization: 3 })).toEqual({ value: 2, source: "LOCATION" });
    expect(effectiveValue({ organization: 3 })).toEqual({ value: 3, source: "ORGANIZATION" });
    expect(effectiveValue({})).toBeNull();
  });
});
