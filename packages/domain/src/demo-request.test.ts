import { describe, expect, it } from "vitest";
import { demoRequestRules, isValidEmail } from "./demo-request.js";
import { messages } from "./messages.js";

describe("demo request rules (name required; email must be a valid address)", () => {
  it("requires a name, with the mandatory-value message", () => {
    expect(demoRequestRules.validate({ userName: "  ", userEmail: "ada@example.com" })).toEqual({
      userName: messages.mandatory,
    });
    expect(messages.mandatory).toBe("Mandatory value is undefined. Please enter a value.");
  });

  it.each(["ada@example.com", "first.last+tag@sub.example.co.uk", "o'brien@example.ie"])(
    "accepts %s",
    (email) => {
      expect(isValidEmail(email)).toBe(true);
      expect(demoRequestRules.validate({ userName: "Ada", userEmail: email })).toEqual({});
    },
  );

  it.each([
    "",
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "a b@example.com",
    "a..b@example.com",
    "a@b.c",
    "ada@-example.com",
  ])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(demoRequestRules.validate({ userName: "Ada", userEmail: email }).userEmail).toBe(
      "Enter a valid email address",
    );
  });
});
