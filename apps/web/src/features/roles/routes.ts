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
    title: "Technician roles",
    access: "technicians.read",
    section: "Administration",
    tab: { group: "administrationUsers", label: "Roles", order: 20 },
  },
  {
    path: "/editor/role/:id/*",
    page: page.editor,
    title: "Edit role",
    access: "technicians.read",
    section: "Administration",
    parent: LIST,
  },
];
