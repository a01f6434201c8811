import { IconHeadset } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

/** Remote support and quick connect — not built yet. */
export const remoteSupportRoutes: RouteEntry[] = [
  {
    path: "/remoteSupport",
    page: NotAvailablePage,
    title: "remoteSupport.routes.remoteSupport",
    area: "remoteSupport.routes.remoteSupport",
    access: "authenticated",
    nav: { section: "main", order: 70, icon: IconHeadset },
  },
  {
    path: "/quickConnect/:page",
    page: NotAvailablePage,
    title: "remoteSupport.routes.quickConnect",
    area: "remoteSupport.routes.quickConnect",
    access: "authenticated",
    parent: "/remoteSupport",
  },
];
