import { lazyPage, type RouteEntry } from "../../routing";

const page = lazyPage(() => import("./PreferencesPage"), "PreferencesPage");

/** The signed-in technician's own pages (reached from the user menu and the command palette). */
export const accountRoutes: RouteEntry[] = [
  {
    path: "/account/preferences",
    page,
    title: "shell.routes.preferences",
    access: "authenticated",
    section: "shell.routes.account",
  },
];
