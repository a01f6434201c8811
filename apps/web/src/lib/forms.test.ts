import { describe, expect, it } from "vitest";
import { createOrganizationRequest, setupRequest } from "@steward/contracts";
import { messages } from "@steward/domain";
import { serverFieldErrors, validateWith } from "./forms";

describe("validateWith", () => {
  it("uses the spec's mandatory message for an empty required field", () => {
    const result = validateWith(createOrganizationRequest, { name: "  " });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.name).toBe(messages.mandatory);
  });

  it("reports the contract's own messages", () => {
    const result = validateWith(setupRequest, {
      email: "nope",
      password: "short",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.email).toBe("Enter a valid email address");
      expect(result.errors.password).toBe("Password must be at least 12 characters");
    }
  });

  it("returns parsed data", () => {
    const result = validateWith(createOrganizationRequest, { name: " Acme " });
    expect(result).toEqual({
      ok: true,
      data: { name: "Acme", description: "", nodeApprovalMode: "AUTOMATIC", locations: [] },
    });
  });
});

describe("serverFieldErrors", () => {
  it("reads issues with paths", () => {
    expect(serverFieldErrors({ issues: [{ path: ["name"], message: "Taken" }] })).toEqual({ name: "Taken" });
    expect(serverFieldErrors(null)).toEqual({});
  });

  it("puts request-body paths on the form's own fields", () => {
    expect(
      serverFieldErrors({
        issues: [
          { path: ["body", "schedule", "runAtHour"], message: "Too large" },
          { path: ["body"], message: "Whole body" },
        ],
      }),
    ).toEqual({ "schedule.runAtHour": "Too large", body: "Whole body" });
  });
});
