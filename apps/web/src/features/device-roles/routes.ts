import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  roles: lazyPage(() => import("./pages/DeviceRolesPage"), "DeviceRolesPage"),
};

export const deviceRoleRoutes: RouteEntry[] = [
  {
    path: "/administration/devices/roles",
    page: page.roles,
    title: "Device roles",
    access: "devices.read",
    section: "Administration",
    tab: { group: "administrationDevices", label: "Roles", order: 20 },
  },
];
