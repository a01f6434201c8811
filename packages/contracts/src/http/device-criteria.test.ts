import { describe, expect, it } from "vitest";
import { deviceCriteria, exportDevicesQuery, listDevicesQuery } from "./device-criteria.js";
import { executeActionRequest } from "./device-actions.js";
import { queryDeviceRequest, searchesItem } from "./saved-searches.js";

describe("GET /api/devices query", () => {
  it("takes lists comma-separated or repeated, with defaults", () => {
    expect(listDevicesQuery.parse({})).toEqual({ page: 1, pageSize: 50, sort: "name" });
    const q = listDevicesQuery.parse({
      status: "UP,DOWN",
      organizationId: ["1", "2,3"],
      os: "WINDOWS",
      tags: "a,b",
      cf: ["12:eq:Finance, Inc.", "13:gt:5", "14:set"],
      sort: "-lastContact",
      page: "3",
    });
    expect(q).toMatchObject({
      status: ["UP", "DOWN"],
      organizationId: [1, 2, 3],
      os: ["WINDOWS"],
      tags: ["a", "b"],
      sort: "-lastContact",
      page: 3,
      cf: [
        { fieldId: 12, op: "eq", value: "Finance, Inc." },
        { fieldId: 13, op: "gt", value: "5" },
        { fieldId: 14, op: "set" },
      ],
    });
  });

  it("refuses unknown values", () => {
    for (const bad of [
      { status: "SIDEWAYS" },
      { sort: "bogus" },
      { cf: "x" },
      { cf: "1:like:a" },
      { organizationId: "a" },
      { pageSize: "501" },
    ]) {
      expect(listDevicesQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(exportDevicesQuery.parse({ columns: "name,status" }).columns).toEqual(["name", "status"]);
    expect(exportDevicesQuery.safeParse({ columns: "name,secret" }).success).toBe(false);
  });
});

describe("the seed's calls", () => {
  it("POST /query/device: nodeIds, includeParentsAndChildren, cacheExpiration, mode", () => {
    expect(
      queryDeviceRequest.parse({
        nodeIds: [1, 2],
        includeParentsAndChildren: true,
        cacheExpiration: 0,
        mode: "qa",
      }),
    ).toEqual({
      nodeIds: [1, 2],
      includeParentsAndChildren: true,
      cacheExpiration: 0,
      mode: "qa",
    });
    expect(queryDeviceRequest.parse({ nodeIds: [] }).includeParentsAndChildren).toBe(false);
  });

  it("POST /search/runner/execute-action: action and data (target plus the action's own fields)", () => {
    const parsed = executeActionRequest.parse({ action: "ADD_TAG", data: { searchId: 4, tag: "vip" } });
    expect(parsed).toEqual({ action: "ADD_TAG", data: { searchId: 4, tag: "vip" } });
    expect(executeActionRequest.safeParse({ action: "FORMAT_DISKS", data: { searchId: 4 } }).success).toBe(
      false,
    );
    expect(executeActionRequest.parse({ action: "REBOOT", data: { nodeIds: [7] } }).action).toBe("REBOOT");
    expect(
      executeActionRequest.safeParse({ action: "APPROVE", data: { criteria: { bogus: 1 } } }).success,
    ).toBe(false);
  });

  it("GET /searches items keep the keys merged from customFields", () => {
    const item = { id: 1, criteria: {}, search: "", customFields: '{"name":"G"}', action: null, name: "G" };
    expect(searchesItem.parse(item)).toEqual(item);
    expect(deviceCriteria.safeParse({ builtIn: "LOW_DISK_SPACE" }).success).toBe(true);
  });
});
