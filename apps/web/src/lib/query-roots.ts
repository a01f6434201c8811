/**
 * Every query that shows counts (the dashboards, an organization's or a location's overview)
 * lives under this key, so a change in any feature refreshes all of them at once.
 */
export const DASHBOARD_QUERY_ROOT = ["dashboard"] as const;
