import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  roles: lazyPage(() => import("./pages/DeviceRolesPage"), "DeviceRolesPage"),
};

export const deviceRoleRoutes: RouteEntry[] = [
  {
    path: "/administration/devices/roles",
    page: page.roles,
    title: "deviceRoles.routes.list",
    access: "devices.read",
    section: "shell.sections.administration",
    tab: { group: "administrationDevices", label: "deviceRoles.routes.tab", order: 20 },
  },
];
