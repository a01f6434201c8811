import { Navigate, matchRoutes } from "react-router";
import type { RouteAccess } from "@steward/contracts";
import { useCan, useCurrentUser } from "../../features/auth";
import { DASHBOARD_PATH, type RouteEntry } from "../../routing";
import { isBareEntry, routeRegistry } from "../registry";

/** The console page a path opens, or undefined when it opens none. */
function entryAt(path: string): RouteEntry | undefined {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const routes = routeRegistry.map((entry) => ({ path: entry.path, entry }));
  return matchRoutes(routes, pathname)?.at(-1)?.route.entry;
}

/**
 * Where a signed-in user starts: their chosen start page when it is a console page they may
 * open, else the dashboard.
 */
export function startPageFor(
  startPage: string | null | undefined,
  can: (access: RouteAccess) => boolean,
): string {
  if (!startPage) return DASHBOARD_PATH;
  const entry = entryAt(startPage);
  if (!entry || isBareEntry(entry) || !can(entry.access)) return DASHBOARD_PATH;
  return startPage;
}

/** The console's root for a signed-in user: goes on to their start page. */
export function StartPageRedirect() {
  const user = useCurrentUser();
  const can = useCan();
  return <Navigate to={startPageFor(user?.preferences?.startPage, can)} replace />;
}
