import { IconSettings } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  general: lazyPage(() => import("./pages/GeneralSettingsPage"), "GeneralSettingsPage"),
};

const later = (path: string, title: MessageKey, area: MessageKey): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "settings.read",
  section: "shell.sections.administration",
});

export const settingsRoutes: RouteEntry[] = [
  {
    path: "/administration/general/settings",
    page: page.general,
    title: "settings.routes.general",
    access: "settings.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "settings.routes.general", order: 30, icon: IconSettings },
  },
  later("/administration/general/branding/:page", "settings.routes.branding", "settings.routes.branding"),
  later("/editor/websiteBranding", "settings.routes.websiteBranding", "settings.routes.websiteBranding"),
  later("/editor/systray/:id", "settings.routes.systray", "settings.routes.systrayArea"),
];
