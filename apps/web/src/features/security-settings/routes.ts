import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  settings: lazyPage(() => import("./pages/SecuritySettingsPage"), "SecuritySettingsPage"),
};

/** Administration › Users › Security settings (system administrators). */
export const securitySettingsRoutes: RouteEntry[] = [
  {
    path: "/administration/users/securitySettings",
    page: page.settings,
    title: "technicians.routes.securitySettings",
    access: "system-admin",
    section: "shell.sections.administration",
    tab: { group: "administrationUsers", label: "technicians.routes.securitySettings", order: 40 },
  },
];
