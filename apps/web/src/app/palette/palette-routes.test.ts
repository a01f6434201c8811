import { describe, expect, it } from "vitest";
import type { RouteAccess } from "@steward/contracts";
import { routeRegistry } from "../registry";
import { matchRoutes, paletteRoutes } from "./palette-routes";

const admin = () => true;
/** A technician who may read organizations and nothing else. */
const organizationsOnly = (access: RouteAccess) =>
  access === "authenticated" || access === "organizations.read";

describe("command palette routes", () => {
  it("offers every signed-in page that needs no id, with its breadcrumb area", () => {
    const routes = paletteRoutes(routeRegistry, admin);
    const byPath = new Map(routes.map((route) => [route.to, route]));
    expect(byPath.get("/deviceSearch")).toMatchObject({ title: "Device search", area: "Devices" });
    expect(byPath.get("/administration/customers/organizations")).toMatchObject({
      title: "Organizations",
      area: "Administration",
    });
    // Pages with a parameter open through their sidebar link.
    expect(byPath.get("/administration/library/scripting/1")).toMatchObject({ title: "Scripting" });
    // Sign-in steps, pages that need an id, editors and placeholders outside the sidebar are not offered.
    expect(routes.some((route) => route.to.startsWith("/editor/"))).toBe(false);
    expect(routes.some((route) => route.to === "/login")).toBe(false);
    expect(routes.some((route) => route.to.includes(":"))).toBe(false);
    expect(routes.some((route) => route.to.startsWith("/deviceDashboard"))).toBe(false);
    expect(routes.some((route) => route.to.startsWith("/systemDashboard/threats"))).toBe(false);
    expect(new Set(routes.map((route) => route.to)).size).toBe(routes.length);
  });

  it("leaves out pages whose permission the user lacks", () => {
    const routes = paletteRoutes(routeRegistry, organizationsOnly);
    expect(routes.some((route) => route.to === "/administration/customers/organizations")).toBe(true);
    expect(routes.some((route) => route.to === "/deviceSearch")).toBe(false);
    expect(routes.some((route) => route.to.startsWith("/administration/library/scripting"))).toBe(false);
  });

  it("matches every word of the query against title, sidebar label and area, ignoring case", () => {
    const routes = paletteRoutes(routeRegistry, admin);
    const titles = (query: string) => matchRoutes(routes, query).map((route) => route.title);
    expect(titles("device SEARCH")).toEqual(["Device search"]);
    expect(titles("admin organiz")).toContain("Organizations");
    expect(titles("admin organiz")).not.toContain("Device search");
    expect(titles("no such page at all")).toEqual([]);
    expect(titles("  ")).toHaveLength(routes.length);
  });
});
