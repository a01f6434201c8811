import { IconBuilding } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  list: lazyPage(() => import("./pages/OrganizationsPage"), "OrganizationsPage"),
  editor: lazyPage(() => import("./pages/CustomerEditorPage"), "CustomerEditorPage"),
  overview: lazyPage(() => import("./pages/CustomerOverviewPage"), "CustomerOverviewPage"),
  location: lazyPage(() => import("./pages/CustomerLocationPage"), "CustomerLocationPage"),
};

const LIST = "/administration/customers/organizations";
const OVERVIEW = "/customerDashboard/:id/overview";

const tab = (label: MessageKey, order: number, to?: string): TabEntry => ({
  group: "customerDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

/** An organization page not built yet. */
const later = (
  path: string,
  title: MessageKey,
  area: MessageKey,
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "organizations.read",
  section: "shell.sections.organizations",
  parent: OVERVIEW,
  ...extra,
});

export const organizationRoutes: RouteEntry[] = [
  {
    path: LIST,
    page: page.list,
    title: "organizations.routes.list",
    access: "organizations.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "organizations.routes.list", order: 10, icon: IconBuilding },
  },
  {
    path: "/editor/customer/*",
    page: page.editor,
    title: "organizations.routes.editor",
    access: "organizations.read",
    section: "shell.sections.administration",
    parent: LIST,
  },
  {
    path: OVERVIEW,
    page: page.overview,
    title: "organizations.routes.overview",
    access: "organizations.read",
    section: "shell.sections.organizations",
    parent: LIST,
    tab: tab("organizations.routes.overviewTab", 10),
  },
  {
    path: "/customerDashboard/:id/location/:location",
    page: page.location,
    title: "organizations.routes.location",
    access: "organizations.read",
    section: "shell.sections.organizations",
    parent: OVERVIEW,
  },
  later(
    "/customerDashboard/:id/threats/:page",
    "organizations.routes.threats",
    "organizations.routes.threatsArea",
    { tab: tab("organizations.routes.threats", 50, "/customerDashboard/:id/threats/1") },
  ),
  later(
    "/customerDashboard/:id/approvals/:page",
    "organizations.routes.approvals",
    "organizations.routes.approvalsArea",
    { tab: tab("organizations.routes.approvals", 60, "/customerDashboard/:id/approvals/1") },
  ),
  later(
    "/customerDashboard/:id/software/:page",
    "organizations.routes.software",
    "organizations.routes.softwareArea",
    { tab: tab("organizations.routes.software", 70, "/customerDashboard/:id/software/1") },
  ),
  later(
    "/customerDashboard/:id/osPatches/:page",
    "organizations.routes.osPatches",
    "organizations.routes.osPatchesArea",
    { tab: tab("organizations.routes.osPatches", 80, "/customerDashboard/:id/osPatches/1") },
  ),
  later(
    "/customerDashboard/:id/documentation/*",
    "organizations.routes.documentation",
    "organizations.routes.documentationArea",
    { tab: tab("organizations.routes.documentation", 110, "/customerDashboard/:id/documentation") },
  ),
  later(
    "/editor/customer/:id/patching",
    "organizations.routes.patching",
    "organizations.routes.patchingArea",
    { section: "shell.sections.administration" },
  ),
  later(
    "/editor/customer/:id/security-node-approvals",
    "organizations.routes.securityNodeApprovals",
    "organizations.routes.securityNodeApprovals",
    { section: "shell.sections.administration" },
  ),
  later(
    "/editor/customer/:id/virtualization",
    "organizations.routes.virtualization",
    "organizations.routes.virtualizationArea",
    { section: "shell.sections.administration" },
  ),
];
