import { IconSettings } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  general: lazyPage(() => import("./pages/GeneralSettingsPage"), "GeneralSettingsPage"),
};

const later = (path: string, title: string, area: string): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "settings.read",
  section: "Administration",
});

export const settingsRoutes: RouteEntry[] = [
  {
    path: "/administration/general/settings",
    page: page.general,
    title: "General settings",
    access: "settings.read",
    section: "Administration",
    nav: { section: "administration", label: "General settings", order: 30, icon: IconSettings },
  },
  later("/administration/general/branding/:page", "Branding", "Branding"),
  later("/editor/websiteBranding", "Website branding", "Website branding"),
  later("/editor/systray/:id", "System tray", "System tray branding"),
];
