import type { RouteAccess } from "@steward/contracts";
import { buildPath, routeText, type NavEntry, type RouteEntry } from "../../routing";
import { entryTrail, isBareEntry } from "../registry";

/** A page the command palette can open. */
export interface PaletteRoute {
  /** Where it leads (a concrete path, no parameters left). */
  to: string;
  /** The page's title in the reader's language. */
  title: string;
  /** The breadcrumb area above it ("Administration › Organizations"). */
  area: string;
  /** Sidebar label when it differs from the title (searched too). */
  alias: string | null;
  icon: NavEntry["icon"] | null;
}

/** The concrete path an entry opens without context, or null when it needs an id. */
function entryTarget(entry: RouteEntry): string | null {
  const template = (
    entry.nav?.to ?? (entry.tab?.to && !entry.tab.to.includes(":") ? entry.tab.to : entry.path)
  ).replace(/\/\*$/, "");
  return buildPath(template, {});
}

function entryArea(entry: RouteEntry, text: (value: string) => string): string {
  const trail = entryTrail(entry);
  const names = trail.slice(0, -1).map((crumb) => text(crumb.title));
  const section = trail[0]?.section;
  const root = section === undefined ? undefined : text(section);
  if (root && names[0] !== root) names.unshift(root);
  return names.join(" › ");
}

/** Sidebar items and dashboard tabs; sub-pages reached from a parent (editors) are not destinations. */
function isDestination(entry: RouteEntry): boolean {
  if (entry.nav) return true;
  // Placeholders of areas not built yet are offered only where the sidebar shows them too.
  if (entry.area !== undefined) return false;
  return entry.tab !== undefined || entry.parent === undefined;
}

/**
 * Every page the user may open straight from the palette: signed-in destinations they hold the
 * access for and that need no id. Sidebar pages come first, in sidebar order. Titles, labels and
 * areas are in the reader's language (`text` reads a registry text), so that is what a query matches.
 */
export function paletteRoutes(
  entries: readonly RouteEntry[],
  can: (access: RouteAccess) => boolean,
  text: (value: string) => string = routeText,
): PaletteRoute[] {
  const seen = new Set<string>();
  const routes: Array<PaletteRoute & { order: number }> = [];
  for (const entry of entries) {
    if (isBareEntry(entry) || !isDestination(entry) || !can(entry.access)) continue;
    const to = entryTarget(entry);
    if (to === null || seen.has(to)) continue;
    seen.add(to);
    const title = text(entry.title);
    const label = entry.nav?.label ? text(entry.nav.label) : null;
    routes.push({
      to,
      title,
      area: entryArea(entry, text),
      alias: label && label !== title ? label : null,
      icon: entry.nav?.icon ?? null,
      order: entry.nav ? entry.nav.order : Number.MAX_SAFE_INTEGER,
    });
  }
  return routes.sort((a, b) => a.order - b.order).map(({ order: _order, ...route }) => route);
}

/** Routes whose title, sidebar label or area contain every word of the query (any case). */
export function matchRoutes(routes: readonly PaletteRoute[], query: string): PaletteRoute[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...routes];
  return routes.filter((route) => {
    const haystack = `${route.title} ${route.alias ?? ""} ${route.area}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
