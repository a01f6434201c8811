import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  credentials: lazyPage(() => import("./pages/CredentialsPage"), "CredentialsPage"),
};

export const credentialRoutes: RouteEntry[] = [
  {
    path: "/editor/customer/:id/credentials",
    page: page.credentials,
    title: "Credentials",
    access: "credentials.manage",
    section: "Administration",
    parent: "/customerDashboard/:id/overview",
  },
];
