import { IconUsers } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  list: lazyPage(() => import("./pages/TechniciansPage"), "TechniciansPage"),
  editor: lazyPage(() => import("./pages/TechnicianEditorPage"), "TechnicianEditorPage"),
};

const LIST = "/administration/users/technicians";

const later = (
  path: string,
  title: MessageKey,
  area: MessageKey,
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "system-admin",
  section: "shell.sections.administration",
  ...extra,
});

/** Administration › Users: technicians now, end users later (roles: features/roles; single sign-on: features/sso). */
export const technicianRoutes: RouteEntry[] = [
  {
    path: LIST,
    page: page.list,
    title: "technicians.routes.list",
    access: "technicians.read",
    section: "shell.sections.administration",
    nav: { section: "administration", order: 20, icon: IconUsers },
    tab: { group: "administrationUsers", label: "technicians.routes.list", order: 10 },
  },
  {
    path: "/editor/user/:id/*",
    page: page.editor,
    title: "technicians.routes.editor",
    access: "technicians.read",
    section: "shell.sections.administration",
    parent: LIST,
  },
  later("/administration/users/endUsers", "technicians.routes.endUsers", "technicians.routes.endUsers"),
  later(
    "/administration/users/endUserRoles",
    "technicians.routes.endUserRoles",
    "technicians.routes.endUserRoles",
  ),
  later("/administration/users/contacts", "technicians.routes.contacts", "technicians.routes.contacts", {
    access: "technicians.read",
  }),
  later("/editor/endUser/:id/*", "technicians.routes.editEndUser", "technicians.routes.endUsers"),
];
