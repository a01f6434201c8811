import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  credentials: lazyPage(() => import("./pages/CredentialsPage"), "CredentialsPage"),
};

export const credentialRoutes: RouteEntry[] = [
  {
    path: "/editor/customer/:id/credentials",
    page: page.credentials,
    title: "credentials.routes.credentials",
    access: "credentials.manage",
    section: "shell.sections.administration",
    parent: "/customerDashboard/:id/overview",
  },
];
