import { sql, type SQL, type AnyColumn } from "drizzle-orm";

declare const scopeBrand: unique symbol;

/**
 * The organizations a caller may read or change for one permission: every organization, or an
 * explicit list (possibly empty). Repositories of organization-owned rows take a Scope as a
 * required argument; the brand keeps callers from passing a hand-made object, so a Scope only
 * comes from the access layer (`request.scope`, `auth.scopeFor`) or, for the server's own
 * background work, from `systemScope`.
 */
export type Scope =
  | { readonly all: true; readonly [scopeBrand]: true }
  | { readonly all: false; readonly organizationIds: readonly number[]; readonly [scopeBrand]: true };

/** The server acting on its own behalf (dispatcher, scheduler, agent gateway, CLI). */
export const systemScope: Scope = { all: true } as Scope;

/** A scope over exactly these organizations (sorted, without duplicates). */
export function scopeOfOrganizations(ids: Iterable<number>): Scope {
  return { all: false, organizationIds: [...new Set(ids)].sort((a, b) => a - b) } as unknown as Scope;
}

/** True when the scope covers the organization. */
export function scopeCovers(scope: Scope, organizationId: number | null | undefined): boolean {
  if (scope.all) return true;
  if (organizationId === null || organizationId === undefined) return false;
  return scope.organizationIds.includes(organizationId);
}

/** True when the scope reaches no organization at all. */
export function scopeIsEmpty(scope: Scope): boolean {
  return !scope.all && scope.organizationIds.length === 0;
}

/** The organizations both scopes cover. */
export function intersectScopes(a: Scope, b: Scope): Scope {
  if (a.all) return b;
  if (b.all) return a;
  const other = new Set(b.organizationIds);
  return scopeOfOrganizations(a.organizationIds.filter((id) => other.has(id)));
}

/** The organizations either scope covers. */
export function unionScopes(scopes: readonly Scope[]): Scope {
  if (scopes.some((s) => s.all)) return systemScope;
  return scopeOfOrganizations(scopes.flatMap((s) => (s.all ? [] : s.organizationIds)));
}

/** True when every organization `inner` covers is covered by `outer`. */
export function scopeContains(outer: Scope, inner: Scope): boolean {
  if (outer.all) return true;
  if (inner.all) return false;
  return inner.organizationIds.every((id) => outer.organizationIds.includes(id));
}

/**
 * The SQL condition "this organization column is inside the scope", for a WHERE clause:
 * TRUE for every organization, FALSE for none, otherwise a match against the list.
 */
export function inScope(scope: Scope, organizationColumn: AnyColumn | SQL): SQL {
  if (scope.all) return sql`true`;
  if (scope.organizationIds.length === 0) return sql`false`;
  const list = sql.join(
    scope.organizationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${organizationColumn} in (${list})`;
}
