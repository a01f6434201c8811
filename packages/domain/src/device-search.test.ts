import { describe, expect, it } from "vitest";
import {
  builtInSearchNames,
  builtInSearches,
  isLowDisk,
  LOW_DISK_THRESHOLD_PERCENT,
} from "./device-search.js";

describe("built-in device searches", () => {
  it("has the spec's built-in searches, each a fixed filter", () => {
    expect(builtInSearchNames).toEqual([
      "ALL",
      "UP",
      "DOWN",
      "WARNING",
      "SOFTWARE_INVENTORY",
      "LOW_DISK_SPACE",
      "FAILED_PATCHES",
      "NETWORK_DEVICES",
      "NEEDS_REBOOT",
      "INSTALL_ISSUES",
      "UNHEALTHY",
      "NEEDS_ATTENTION",
      "OUTDATED_AGENTS",
    ]);
    expect(builtInSearches.OUTDATED_AGENTS.criteria).toEqual({ outdatedAgent: true });
    expect(builtInSearches.UP.criteria).toEqual({ status: ["UP"] });
    // The health the alerts give a device: the worst of its open alerts.
    expect(builtInSearches.UNHEALTHY.criteria).toEqual({ health: ["UNHEALTHY"] });
    expect(builtInSearches.NEEDS_ATTENTION.criteria).toEqual({ health: ["NEEDS_ATTENTION"] });
    expect(builtInSearches.DOWN.criteria).toEqual({ status: ["DOWN"] });
    expect(builtInSearches.ALL.criteria).toEqual({});
  });

  it("low disk space means free space below 10 percent, not at 10", () => {
    expect(LOW_DISK_THRESHOLD_PERCENT).toBe(10);
    expect(isLowDisk([{ sizeBytes: 1000, freeBytes: 99 }])).toBe(true);
    expect(isLowDisk([{ sizeBytes: 1000, freeBytes: 100 }])).toBe(false);
    expect(isLowDisk([{ sizeBytes: 0, freeBytes: 0 }])).toBe(false);
    expect(
      isLowDisk([
        { sizeBytes: 1000, freeBytes: 500 },
        { sizeBytes: 100, freeBytes: 5 },
      ]),
    ).toBe(true);
  });
});
