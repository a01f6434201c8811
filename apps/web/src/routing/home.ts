/**
 * Where a signed-in user lands: the root path and every sign-in without a destination. The root
 * sends them on to the start page they chose, or to the dashboard.
 */
export const HOME_PATH = "/";

/** The system dashboard: the start page unless a user chooses another. */
export const DASHBOARD_PATH = "/systemDashboard/overview";
