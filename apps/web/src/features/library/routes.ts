import { IconBooks } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  downloads: lazyPage(() => import("./pages/DownloadsPage"), "DownloadsPage"),
};

/** Agent installers and the SNMP library. */
export const libraryRoutes: RouteEntry[] = [
  {
    path: "/administration/library/downloads",
    page: page.downloads,
    title: "library.routes.downloads",
    access: "devices.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "library.routes.library", order: 55, icon: IconBooks },
  },
  {
    path: "/administration/library/snmpLibrary",
    page: NotAvailablePage,
    title: "library.routes.snmpLibrary",
    area: "library.routes.snmpLibrary",
    access: "authenticated",
    section: "shell.sections.administration",
  },
];
