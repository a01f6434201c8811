import { describe, expect, it } from "vitest";
import {
  criteriaToFilters,
  deviceListQueryString,
  deviceSearchLink,
  emptyFilters,
  filtersToCriteria,
  gridStateToParams,
  nextSort,
  parseGridState,
} from "./grid-state";

describe("device grid state", () => {
  it("reads filters, sort and paging from the URL and drops what it does not know", () => {
    const state = parseGridState(
      new URLSearchParams(
        "status=DOWN,BOGUS&os=WINDOWS&os=LINUX&organizationId=3,x&builtIn=LOW_DISK_SPACE&sort=-lastContact&page=2&pageSize=100&tags=a,b&cf=4:gte:10&cf=bad",
      ),
    );
    expect(state.filters.status).toEqual(["DOWN"]);
    expect(state.filters.os).toEqual(["WINDOWS", "LINUX"]);
    expect(state.filters.organizationIds).toEqual([3]);
    expect(state.filters.builtIn).toBe("LOW_DISK_SPACE");
    expect(state.filters.tags).toEqual(["a", "b"]);
    expect(state.filters.customFields).toEqual([{ fieldId: 4, op: "gte", value: "10" }]);
    expect(state.sort).toBe("-lastContact");
    expect(state.page).toBe(2);
    expect(state.pageSize).toBe(100);
  });

  it("hides archived devices unless the filter asks for them, and keeps that choice in the URL, the query and saved criteria", () => {
    expect(parseGridState(new URLSearchParams()).filters.includeArchived).toBe(false);
    const state = parseGridState(new URLSearchParams("includeArchived=true"));
    expect(state.filters.includeArchived).toBe(true);
    expect(gridStateToParams(state).get("includeArchived")).toBe("true");
    expect(new URLSearchParams(deviceListQueryString(state)).get("includeArchived")).toBe("true");
    expect(filtersToCriteria(state.filters)).toEqual({ includeArchived: true });
    expect(criteriaToFilters({ includeArchived: true }).includeArchived).toBe(true);
    expect(filtersToCriteria(emptyFilters())).toEqual({});
  });

  it("falls back to name order, page 1 and 50 rows", () => {
    const state = parseGridState(new URLSearchParams("sort=evil&page=-1&pageSize=7&builtIn=NOPE"));
    expect(state).toEqual({ filters: emptyFilters(), sort: "name", page: 1, pageSize: 50 });
  });

  it("round-trips through the URL, keeping custom field values with colons and commas", () => {
    const state = parseGridState(new URLSearchParams());
    state.filters.customFields = [{ fieldId: 2, op: "eq", value: "a:b,c" }];
    state.filters.status = ["UP"];
    state.sort = "-name";
    const again = parseGridState(gridStateToParams(state));
    expect(again).toEqual(state);
  });

  it("always sends page, size and sort to GET /api/devices", () => {
    const qs = deviceListQueryString({
      filters: { ...emptyFilters(), search: " web " },
      sort: "name",
      page: 1,
      pageSize: 50,
    });
    expect(qs).toBe("search=web&page=1&pageSize=50&sort=name");
  });

  it("maps filters to saved-search criteria and back", () => {
    const filters = {
      ...emptyFilters(),
      os: ["MAC" as const],
      roleIds: [5],
      builtIn: "NEEDS_REBOOT" as const,
      groupId: 9,
    };
    const criteria = filtersToCriteria(filters);
    expect(criteria).toEqual({ osFamilies: ["MAC"], roleIds: [5], builtIn: "NEEDS_REBOOT", groupId: 9 });
    expect(filtersToCriteria(filters, { withGroup: false })).not.toHaveProperty("groupId");
    expect(criteriaToFilters(criteria)).toEqual(filters);
  });

  it("ALL is no filter at all", () => {
    expect(filtersToCriteria({ ...emptyFilters(), builtIn: "ALL" })).toEqual({});
    expect(deviceSearchLink({ builtIn: "ALL" })).toBe("/deviceSearch");
  });

  it("builds pre-filtered links for dashboard counts", () => {
    expect(deviceSearchLink({ status: ["DOWN"] })).toBe("/deviceSearch?status=DOWN");
    expect(deviceSearchLink({ organizationIds: [4], os: ["WINDOWS"] })).toBe(
      "/deviceSearch?organizationId=4&os=WINDOWS",
    );
  });

  it("sorts ascending first, then descending", () => {
    expect(nextSort("name", "status")).toBe("status");
    expect(nextSort("status", "status")).toBe("-status");
    expect(nextSort("-status", "status")).toBe("status");
  });
});
