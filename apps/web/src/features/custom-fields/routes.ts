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
    title: "customFields.routes.role",
    access: "devices.read",
    section: "shell.sections.administration",
    tab: { group: "administrationDevices", label: "customFields.routes.role", order: 30 },
  },
  {
    path: "/administration/devices/globalCustomFields",
    page: page.global,
    title: "customFields.routes.global",
    access: "devices.read",
    section: "shell.sections.administration",
    tab: { group: "administrationDevices", label: "customFields.routes.global", order: 40 },
  },
  {
    path: "/customerDashboard/:id/customFields",
    page: page.customer,
    title: "customFields.routes.customer",
    access: "devices.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: { group: "customerDashboard", label: "customFields.routes.customer", order: 120 },
  },
];
