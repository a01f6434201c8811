import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  list: lazyPage(() => import("./pages/TechnicianRolesPage"), "TechnicianRolesPage"),
  editor: lazyPage(() => import("./pages/RoleEditorPage"), "RoleEditorPage"),
};

const LIST = "/administration/users/technicianRoles";

/** Technician roles: the list under Administration › Users and the role editor. */
export const roleRoutes: RouteEntry[] = [
  {
    path: LIST,
    page: page.list,
    title: "roles.routes.list",
    access: "technicians.read",
    section: "shell.sections.administration",
    tab: { group: "administrationUsers", label: "roles.routes.tab", order: 20 },
  },
  {
    path: "/editor/role/:id/*",
    page: page.editor,
    title: "roles.routes.editor",
    access: "technicians.read",
    section: "shell.sections.administration",
    parent: LIST,
  },
];
