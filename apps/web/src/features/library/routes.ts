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
    title: "Downloads",
    access: "devices.read",
    section: "Administration",
    nav: { section: "administration", label: "Library", order: 55, icon: IconBooks },
  },
  {
    path: "/administration/library/snmpLibrary",
    page: NotAvailablePage,
    title: "SNMP library",
    area: "SNMP library",
    access: "authenticated",
    section: "Administration",
  },
];
