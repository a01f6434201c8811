import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import { permissions } from "@steward/contracts";
import { isMessageKey } from "../i18n";
import { buildPath, routeText } from "../routing";
import { entryTrail, routeRegistry } from "./registry";

/** Every route the console offers, with its exact path shape. */
const specRoutes = [
  // Dashboards
  "/getStarted",
  "/systemDashboard/overview",
  "/systemDashboard/maintenance",
  "/systemDashboard/pendingScripts",
  "/systemDashboard/alerts",
  "/systemDashboard/threats/:page",
  "/systemDashboard/approvals/:page",
  "/systemDashboard/software/:page",
  "/systemDashboard/osPatches/:page",
  "/systemDashboard/backup/:page",
  "/systemDashboard/activities/:page",
  "/systemDashboard/activities/remoteControl",
  "/systemDashboard/activities/remoteTools",
  "/systemDashboard/knowledgeBase",
  "/customerDashboard/:id/overview",
  "/customerDashboard/:id/location/:location",
  "/customerDashboard/:id/maintenance",
  "/customerDashboard/:id/pendingScripts",
  "/customerDashboard/:id/alerts",
  "/customerDashboard/:id/threats/:page",
  "/customerDashboard/:id/approvals/:page",
  "/customerDashboard/:id/software/:page",
  "/customerDashboard/:id/osPatches/:page",
  "/customerDashboard/:id/backup/:page",
  "/customerDashboard/:id/activities/:page",
  "/customerDashboard/:id/documentation/*",
  "/customerDashboard/:id/customFields",
  "/customerDashboard/:id/ticketing",
  "/deviceDashboard/:id/overview",
  "/deviceDashboard/:id/details",
  "/deviceDashboard/:id/settings",
  "/deviceDashboard/:id/software/:page",
  "/deviceDashboard/:id/osPatches/:page",
  "/deviceDashboard/:id/tools/:page",
  "/deviceDashboard/:id/backup/:page",
  "/deviceDashboard/:id/activities/:page",
  "/deviceDashboard/:id/customFields",
  "/deviceDashboard/:id/ticketing",
  "/cloudMonitorDashboard/*",
  "/mobileDashboard/*",
  "/vmDashboard/*",
  "/vmGuestDashboard/*",
  "/nmsDashboard/*",
  // Administration
  "/administration/general/settings",
  "/administration/general/branding/:page",
  "/administration/general/activities",
  "/administration/apps",
  "/administration/users/technicians",
  "/administration/users/technicianRoles",
  "/administration/users/singleSignOn",
  "/administration/users/securitySettings",
  "/administration/users/endUsers",
  "/administration/users/endUserRoles",
  "/administration/users/contacts",
  "/administration/devices/groups",
  "/administration/devices/roles",
  "/administration/devices/roleCustomFields",
  "/administration/devices/globalCustomFields",
  "/administration/devices/healthStatus",
  "/administration/devices/cache",
  "/administration/library/downloads",
  "/administration/library/snmpLibrary",
  "/administration/library/scripting/:page",
  "/administration/customers/organizations",
  "/administration/policies/agent",
  "/administration/policies/nms",
  "/administration/policies/virtualization",
  "/administration/policies/mdm",
  "/administration/dynamicPolicies",
  "/administration/tasks",
  // Other top-level routes
  "/deviceSearch",
  "/group/:id",
  "/remoteSupport",
  "/quickConnect/:page",
  "/reporting/*",
  "/editor/report/:id?",
  "/ticketing/*",
  "/ticketing/board/:id",
  // Editors
  "/editor/customer/*",
  "/editor/customer/:id/backup/*",
  "/editor/customer/:id/credentials",
  "/editor/customer/:id/backup/network-storage",
  "/editor/customer/:id/patching",
  "/editor/customer/:id/security-node-approvals",
  "/editor/customer/:id/virtualization",
  "/editor/policy/*",
  "/editor/vmpolicy/*",
  "/editor/androidpolicy/*",
  "/editor/iospolicy/*",
  "/editor/scheduledTask/*",
  "/editor/user/:id/*",
  "/editor/role/:id/*",
  "/editor/endUser/:id/*",
  "/editor/websiteBranding",
  "/editor/systray/:id",
  "/editor/cloudMonitor/:id?",
  "/editor/script/:id",
  "/editor/templateScript/:id",
  "/editor/shadowProtect/*",
  "/editor/imageManager/*",
];

/** One /administration/apps sub-page per integration kind. */
const integrationKinds = [
  "patching",
  "api",
  "ticketing",
  "backup",
  "documentation",
  "remote support",
  "mobile device management",
  "remote access providers",
  "it service management",
  "psa",
  "endpoint security providers",
  "notification channels",
  "vulnerability management providers",
  "package manager",
];

const paths = routeRegistry.map((entry) => entry.path);
const routeObjects = routeRegistry.map((entry) => ({ path: entry.path, id: entry.path }));
const matchedPath = (url: string) => matchRoutes(routeObjects, url)?.at(-1)?.route.path;

describe("route registry", () => {
  it.each(specRoutes)("holds the spec route %s", (path) => {
    expect(paths).toContain(path);
  });

  it("holds one sub-page per integration kind under /administration/apps", () => {
    const appPages = routeRegistry.filter((e) => e.path.startsWith("/administration/apps/"));
    const titles = appPages.map((e) => routeText(e.title).toLowerCase());
    for (const kind of integrationKinds) expect(titles).toContain(kind);
    expect(appPages).toHaveLength(integrationKinds.length);
  });

  it("holds the sign-in pages", () => {
    for (const path of ["/setup", "/login", "/mfa/enroll", "/mfa/verify", "/invite/:token"])
      expect(paths).toContain(path);
  });

  it("has no duplicate paths", () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gives every entry a title and a known access rule", () => {
    const known = new Set<string>([...permissions, "public", "mfa-pending", "authenticated", "system-admin"]);
    for (const entry of routeRegistry) {
      expect(entry.title.length, entry.path).toBeGreaterThan(0);
      expect(known.has(entry.access), entry.path).toBe(true);
    }
  });

  it("names the area of every page that is not built yet", () => {
    for (const entry of routeRegistry) {
      if (entry.area !== undefined) expect(entry.area.length, entry.path).toBeGreaterThan(0);
    }
  });

  it("names every title, tab and sidebar label, area and section by a catalogue id", () => {
    const offenders: string[] = [];
    for (const entry of routeRegistry) {
      const texts: Array<[string, string | undefined]> = [
        ["title", entry.title],
        ["tab.label", entry.tab?.label],
        ["nav.label", entry.nav?.label],
        ["area", entry.area],
        ["section", entry.section],
      ];
      for (const [field, value] of texts)
        if (value !== undefined && !isMessageKey(value)) offenders.push(`${entry.path} ${field}: ${value}`);
    }
    expect(offenders).toEqual([]);
  });

  it("resolves parents and nav links", () => {
    for (const entry of routeRegistry) {
      if (entry.parent) expect(paths, `${entry.path} → ${entry.parent}`).toContain(entry.parent);
      expect(entryTrail(entry).at(-1)).toBe(entry);
      if (entry.nav) {
        const target = entry.nav.to ?? entry.path.replace(/\/\*$/, "");
        expect(target, entry.path).not.toMatch(/[:*]/);
        expect(matchedPath(target), entry.path).toBe(entry.path);
      }
      if (entry.tab) {
        const href = buildPath(entry.tab.to ?? entry.path, { id: "7" });
        expect(href && matchedPath(href), entry.path).toBe(entry.path);
      }
    }
  });

  it("routes concrete URLs to the most specific entry", () => {
    expect(matchedPath("/editor/customer/5/general")).toBe("/editor/customer/*");
    expect(matchedPath("/editor/customer/5/locations")).toBe("/editor/customer/*");
    expect(matchedPath("/editor/customer/5/backup/network-storage")).toBe(
      "/editor/customer/:id/backup/network-storage",
    );
    expect(matchedPath("/editor/customer/5/backup/plans")).toBe("/editor/customer/:id/backup/*");
    expect(matchedPath("/editor/customer/5/credentials")).toBe("/editor/customer/:id/credentials");
    expect(matchedPath("/ticketing/board/1")).toBe("/ticketing/board/:id");
    expect(matchedPath("/ticketing/rulesets")).toBe("/ticketing/*");
    expect(matchedPath("/systemDashboard/activities/remoteControl")).toBe(
      "/systemDashboard/activities/remoteControl",
    );
    expect(matchedPath("/systemDashboard/activities/3")).toBe("/systemDashboard/activities/:page");
    expect(matchedPath("/editor/report")).toBe("/editor/report/:id?");
    expect(matchedPath("/editor/report/12")).toBe("/editor/report/:id?");
    expect(matchedPath("/customerDashboard/3/location/9")).toBe("/customerDashboard/:id/location/:location");
    expect(matchedPath("/cloudMonitorDashboard/a/b")).toBe("/cloudMonitorDashboard/*");
  });
});

describe("buildPath", () => {
  it("fills parameters, optional parameters and splats", () => {
    expect(buildPath("/customerDashboard/:id/location/:location", { id: 3, location: 9 })).toBe(
      "/customerDashboard/3/location/9",
    );
    expect(buildPath("/editor/report/:id?", {})).toBe("/editor/report");
    expect(buildPath("/reporting/*", {})).toBe("/reporting");
    expect(buildPath("/customerDashboard/:id/overview", {})).toBeNull();
  });
});
