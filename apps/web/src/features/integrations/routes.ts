import { IconApps } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";
import { appsPath, integrationKinds } from "./kinds";

const landing = lazyPage(() => import("./pages/AppsLandingPage"), "AppsLandingPage");
const channels = lazyPage(
  () => import("./notifications/NotificationChannelsPage"),
  "NotificationChannelsPage",
);

/** /administration/apps and one sub-page per integration kind (backup's lives in the backup feature). */
export const integrationRoutes: RouteEntry[] = [
  {
    path: appsPath(),
    page: landing,
    title: "integrations.routes.apps",
    access: "system-admin",
    section: "shell.sections.administration",
    nav: { section: "administration", order: 35, icon: IconApps },
  },
  ...integrationKinds
    .filter((kind) => kind.slug !== "backup" && kind.slug !== "notificationChannels")
    .map((kind): RouteEntry => ({
      path: appsPath(kind.slug),
      page: NotAvailablePage,
      title: kind.name,
      area: kind.area,
      access: "system-admin",
      section: "shell.sections.administration",
      parent: appsPath(),
    })),
  {
    path: appsPath("notificationChannels"),
    page: channels,
    title: "integrations.channels.title",
    access: "settings.read",
    section: "shell.sections.administration",
    parent: appsPath(),
  },
];
