/** Where a signed-in user lands: the root path and every sign-in without a destination. */
export const HOME_PATH = "/systemDashboard/overview";
