import { IconBooks } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "authenticated",
  section: "Administration",
  ...extra,
});

/** Agent installers and the SNMP library — not built yet. */
export const libraryRoutes: RouteEntry[] = [
  later("/administration/library/downloads", "Downloads", "Agent installers and downloads", {
    nav: { section: "administration", label: "Library", order: 55, icon: IconBooks },
  }),
  later("/administration/library/snmpLibrary", "SNMP library", "SNMP library"),
];
