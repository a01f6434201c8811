import { IconHistory } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  auditLog: lazyPage(() => import("./pages/AuditLogPage"), "AuditLogPage"),
};

/** Administration → General → Activities: the security audit log. */
export const auditRoutes: RouteEntry[] = [
  {
    path: "/administration/general/activities",
    page: page.auditLog,
    title: "Activities",
    access: "audit.read",
    section: "Administration",
    nav: { section: "administration", label: "Activities", order: 31, icon: IconHistory },
  },
];
