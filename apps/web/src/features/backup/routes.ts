import { IconCloudUpload } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry } from "../../routing";
import { BackupPlaceholderPage } from "./pages/BackupPlaceholderPage";

const page = {
  system: lazyPage(() => import("./pages/BackupOverviewPage"), "SystemBackupPage"),
  customer: lazyPage(() => import("./pages/BackupOverviewPage"), "CustomerBackupPage"),
  device: lazyPage(() => import("./pages/DeviceBackupPage"), "DeviceBackupPage"),
};

const backup = (
  path: string,
  title: MessageKey,
  area: MessageKey,
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({
  path,
  page: BackupPlaceholderPage,
  title,
  area,
  access: "authenticated",
  ...extra,
});

/** Every backup route; the dashboards' pages are built, the others still offer the demo request. */
export const backupRoutes: RouteEntry[] = [
  backup("/systemDashboard/backup/:page", "backup.routes.backup", "backup.routes.systemArea", {
    page: page.system,
    section: "shell.sections.dashboard",
    tab: {
      group: "systemDashboard",
      label: "backup.routes.backup",
      order: 90,
      to: "/systemDashboard/backup/1",
    },
    nav: {
      section: "main",
      label: "backup.routes.backup",
      order: 40,
      to: "/systemDashboard/backup/1",
      icon: IconCloudUpload,
    },
  }),
  backup("/customerDashboard/:id/backup/:page", "backup.routes.backup", "backup.routes.organizationArea", {
    page: page.customer,
    section: "shell.sections.organizations",
    tab: {
      group: "customerDashboard",
      label: "backup.routes.backup",
      order: 90,
      to: "/customerDashboard/:id/backup/1",
    },
  }),
  backup("/deviceDashboard/:id/backup/:page", "backup.routes.backup", "backup.routes.deviceArea", {
    page: page.device,
    section: "shell.sections.devices",
    tab: {
      group: "deviceDashboard",
      label: "backup.routes.backup",
      order: 70,
      to: "/deviceDashboard/:id/backup/1",
    },
  }),
  backup("/editor/customer/:id/backup/*", "backup.routes.settings", "backup.routes.settingsArea", {
    section: "shell.sections.organizations",
  }),
  backup(
    "/editor/customer/:id/backup/network-storage",
    "backup.routes.networkStorage",
    "backup.routes.networkStorageArea",
    { section: "shell.sections.organizations" },
  ),
  backup("/administration/apps/backup", "backup.routes.backup", "backup.routes.integrationsArea", {
    access: "system-admin",
    section: "shell.sections.administration",
    parent: "/administration/apps",
  }),
  backup("/editor/shadowProtect/*", "backup.routes.shadowProtect", "backup.routes.shadowProtectArea", {
    section: "shell.sections.administration",
  }),
  backup("/editor/imageManager/*", "backup.routes.imageManager", "backup.routes.imageManagerArea", {
    section: "shell.sections.administration",
  }),
];
