import { IconUsers } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  list: lazyPage(() => import("./pages/TechniciansPage"), "TechniciansPage"),
  editor: lazyPage(() => import("./pages/TechnicianEditorPage"), "TechnicianEditorPage"),
};

const LIST = "/administration/users/technicians";

const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "system-admin",
  section: "Administration",
  ...extra,
});

/** Administration › Users: technicians now, end users and sign-in settings later (roles: features/roles). */
export const technicianRoutes: RouteEntry[] = [
  {
    path: LIST,
    page: page.list,
    title: "Technicians",
    access: "technicians.read",
    section: "Administration",
    nav: { section: "administration", order: 20, icon: IconUsers },
    tab: { group: "administrationUsers", label: "Technicians", order: 10 },
  },
  {
    path: "/editor/user/:id/*",
    page: page.editor,
    title: "Edit technician",
    access: "technicians.read",
    section: "Administration",
    parent: LIST,
  },
  later("/administration/users/singleSignOn", "Single sign-on", "Single sign-on"),
  later("/administration/users/securitySettings", "Security settings", "Security settings"),
  later("/administration/users/endUsers", "End users", "End users"),
  later("/administration/users/endUserRoles", "End-user roles", "End-user roles"),
  later("/administration/users/contacts", "Contacts", "Contacts", { access: "technicians.read" }),
  later("/editor/endUser/:id/*", "Edit end user", "End users"),
];
