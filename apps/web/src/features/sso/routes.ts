import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  settings: lazyPage(() => import("./pages/SingleSignOnPage"), "SingleSignOnPage"),
};

/** Administration › Users › Single sign-on (system administrators). */
export const ssoRoutes: RouteEntry[] = [
  {
    path: "/administration/users/singleSignOn",
    page: page.settings,
    title: "technicians.routes.singleSignOn",
    access: "system-admin",
    section: "shell.sections.administration",
    tab: { group: "administrationUsers", label: "technicians.routes.singleSignOn", order: 30 },
  },
];
