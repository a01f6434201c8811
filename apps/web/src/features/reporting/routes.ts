import { IconReportAnalytics } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

/** Reports — not built yet. */
export const reportingRoutes: RouteEntry[] = [
  {
    path: "/reporting/*",
    page: NotAvailablePage,
    title: "reporting.routes.reporting",
    area: "reporting.routes.reporting",
    access: "authenticated",
    nav: { section: "main", order: 60, to: "/reporting", icon: IconReportAnalytics },
  },
  {
    path: "/editor/report/:id?",
    page: NotAvailablePage,
    title: "reporting.routes.editReport",
    area: "reporting.routes.reportEditor",
    access: "authenticated",
    parent: "/reporting/*",
  },
];
