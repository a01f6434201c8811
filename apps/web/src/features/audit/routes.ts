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
    title: "audit.routes.activities",
    access: "audit.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "audit.routes.activities", order: 31, icon: IconHistory },
  },
];
