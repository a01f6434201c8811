import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { grantsFromRoles, fullGrants } from "./permissions.js";
import {
  inScope,
  intersectScopes,
  scopeContains,
  scopeCovers,
  scopeIsEmpty,
  scopeOfOrganizations,
  systemScope,
} from "./scope.js";

const orgs = (s: ReturnType<typeof scopeOfOrganizations>) => (s.all ? "all" : s.organizationIds);

describe("grants from roles", () => {
  it("unions the roles per organization", () => {
    const grants = grantsFromRoles([
      { permissions: ["devices.read", "jobs.run"], allOrganizations: false, organizationIds: [3, 1] },
      { permissions: ["devices.read"], allOrganizations: false, organizationIds: [2] },
      { permissions: ["organizations.read"], allOrganizations: true, organizationIds: [] },
    ]);
    expect(orgs(grants.scopeFor("devices.read"))).toEqual([1, 2, 3]);
    expect(orgs(grants.scopeFor("jobs.run"))).toEqual([1, 3]);
    expect(orgs(grants.scopeFor("organizations.read"))).toBe("all");
    expect(orgs(grants.scopeFor("devices.manage"))).toEqual([]);
    expect([...grants.permissions].sort()).toEqual(["devices.read", "jobs.run", "organizations.read"]);
  });

  it("lets a role over every organization win over a limited one for the same permission", () => {
    const grants = grantsFromRoles([
      { permissions: ["devices.read"], allOrganizations: false, organizationIds: [5] },
      { permissions: ["devices.read"], allOrganizations: true, organizationIds: [] },
    ]);
    expect(grants.scopeFor("devices.read").all).toBe(true);
  });

  it("grants global permissions whole even from a limited role, and nothing without roles", () => {
    const grants = grantsFromRoles([
      { permissions: ["scripts.manage", "audit.read"], allOrganizations: false, organizationIds: [7] },
    ]);
    expect(grants.scopeFor("scripts.manage").all).toBe(true);
    // The audit log is read per organization.
    expect(orgs(grants.scopeFor("audit.read"))).toEqual([7]);
    const none = grantsFromRoles([]);
    expect(none.permissions.size).toBe(0);
    expect(scopeIsEmpty(none.scopeFor("devices.read"))).toBe(true);
  });

  it("holds nothing from a limited role whose organizations are gone, and ignores unknown names", () => {
    const grants = grantsFromRoles([
      { permissions: ["devices.read", "make.coffee"], allOrganizations: false, organizationIds: [] },
    ]);
    expect(grants.permissions.has("devices.read")).toBe(false);
    expect(grants.permissions.size).toBe(0);
  });

  it("gives system administrators everything everywhere", () => {
    expect(fullGrants.scopeFor("jobs.run").all).toBe(true);
    expect(fullGrants.permissions.has("audit.read")).toBe(true);
  });
});

describe("scopes", () => {
  const ab = scopeOfOrganizations([2, 1, 2]);
  it("covers, intersects and contains", () => {
    expect(orgs(ab)).toEqual([1, 2]);
    expect(scopeCovers(ab, 1)).toBe(true);
    expect(scopeCovers(ab, 3)).toBe(false);
    expect(scopeCovers(ab, null)).toBe(false);
    expect(scopeCovers(systemScope, 99)).toBe(true);
    expect(orgs(intersectScopes(ab, scopeOfOrganizations([2, 3])))).toEqual([2]);
    expect(orgs(intersectScopes(systemScope, ab))).toEqual([1, 2]);
    expect(scopeContains(systemScope, ab)).toBe(true);
    expect(scopeContains(ab, systemScope)).toBe(false);
    expect(scopeContains(ab, scopeOfOrganizations([1]))).toBe(true);
    expect(scopeContains(ab, scopeOfOrganizations([1, 3]))).toBe(false);
  });

  it("renders the SQL condition: true, false or the list", () => {
    const dialect = new PgDialect();
    const render = (s: ReturnType<typeof scopeOfOrganizations>) =>
      dialect.sqlToQuery(inScope(s, sql.raw('"devices"."organization_id"')));
    expect(render(systemScope).sql).toBe("true");
    expect(render(scopeOfOrganizations([])).sql).toBe("false");
    const list = render(ab);
    expect(list.sql).toBe('"devices"."organization_id" in ($1, $2)');
    expect(list.params).toEqual([1, 2]);
  });
});
