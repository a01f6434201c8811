import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  global: lazyPage(() => import("./pages/GlobalCustomFieldsPage"), "GlobalCustomFieldsPage"),
  role: lazyPage(() => import("./pages/RoleCustomFieldsPage"), "RoleCustomFieldsPage"),
  customer: lazyPage(() => import("./pages/CustomerCustomFieldsPage"), "CustomerCustomFieldsPage"),
};

export const customFieldRoutes: RouteEntry[] = [
  {
    path: "/administration/devices/roleCustomFields",
    page: page.role,
    title: "Role custom fields",
    access: "devices.read",
    section: "Administration",
    tab: { group: "administrationDevices", label: "Role custom fields", order: 30 },
  },
  {
    path: "/administration/devices/globalCustomFields",
    page: page.global,
    title: "Global custom fields",
    access: "devices.read",
    section: "Administration",
    tab: { group: "administrationDevices", label: "Global custom fields", order: 40 },
  },
  {
    path: "/customerDashboard/:id/customFields",
    page: page.customer,
    title: "Custom fields",
    access: "devices.read",
    section: "Organizations",
    parent: "/customerDashboard/:id/overview",
    tab: { group: "customerDashboard", label: "Custom fields", order: 120 },
  },
];
