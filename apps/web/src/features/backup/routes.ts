import { IconCloudUpload } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { BackupPlaceholderPage } from "./pages/BackupPlaceholderPage";

const backup = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: BackupPlaceholderPage,
  title,
  area,
  access: "authenticated",
  ...extra,
});

/** Every backup route; none is built yet (each page offers the demo request). */
export const backupRoutes: RouteEntry[] = [
  backup("/systemDashboard/backup/:page", "Backup", "Backup (system dashboard)", {
    section: "Dashboard",
    tab: { group: "systemDashboard", label: "Backup", order: 90, to: "/systemDashboard/backup/1" },
    nav: {
      section: "main",
      label: "Backup",
      order: 40,
      to: "/systemDashboard/backup/1",
      icon: IconCloudUpload,
    },
  }),
  backup("/customerDashboard/:id/backup/:page", "Backup", "Backup (organization dashboard)", {
    section: "Organizations",
    tab: { group: "customerDashboard", label: "Backup", order: 90, to: "/customerDashboard/:id/backup/1" },
  }),
  backup("/deviceDashboard/:id/backup/:page", "Backup", "Backup (device dashboard)", {
    section: "Devices",
    tab: { group: "deviceDashboard", label: "Backup", order: 70, to: "/deviceDashboard/:id/backup/1" },
  }),
  backup("/editor/customer/:id/backup/*", "Backup settings", "Backup settings for an organization", {
    section: "Organizations",
  }),
  backup("/editor/customer/:id/backup/network-storage", "Network storage", "Backup network storage", {
    section: "Organizations",
  }),
  backup("/administration/apps/backup", "Backup", "Backup integrations", {
    access: "system-admin",
    section: "Administration",
    parent: "/administration/apps",
  }),
  backup("/editor/shadowProtect/*", "ShadowProtect", "ShadowProtect backup", { section: "Administration" }),
  backup("/editor/imageManager/*", "ImageManager", "ImageManager backup", { section: "Administration" }),
];
