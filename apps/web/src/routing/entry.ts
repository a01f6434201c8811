import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteAccess } from "@steward/contracts";
import type { MessageKey } from "../i18n";

/** Where an entry shows up in the sidebar. */
export type NavSectionId = "main" | "administration";

export interface NavEntry {
  section: NavSectionId;
  /** Sidebar label (a catalogue id); defaults to the entry's title. */
  label?: MessageKey;
  /** Concrete link when the path has parameters (e.g. "/ticketing/board/1"). */
  to?: string;
  order: number;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
}

/** A tab in a group of sibling pages (the dashboards, editors). */
export interface TabEntry {
  group: string;
  /** The tab's text (a catalogue id). */
  label: MessageKey;
  order: number;
  /** Path template to link to, with parameters of the current page filled in; defaults to the path. */
  to?: string;
}

export type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/** One route of the console. The registry of these drives router, sidebar, breadcrumbs and titles. */
export interface RouteEntry {
  /** The exact path shape clients link to (":id?" optional, trailing "/*" any sub-path). */
  path: string;
  page: PageComponent;
  /** The page's title (a catalogue id): sidebar, breadcrumbs, tabs, palette and document title show it translated. */
  title: MessageKey;
  /** Who may open it (same names as the server's route declarations). */
  access: RouteAccess;
  /** Area name for pages not built yet (a catalogue id; shown on the "not available yet" page). */
  area?: MessageKey;
  nav?: NavEntry;
  tab?: TabEntry;
  /** Breadcrumb trail root (a catalogue id), e.g. "shell.sections.administration". */
  section?: MessageKey;
  /** Path template of the breadcrumb parent entry. */
  parent?: string;
}

/** Lazily loads a named page export (pages use named exports, React.lazy wants a default). */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}

/** Fills ":param" / ":param?" / "*" in a path template; returns null when a required value is missing. */
export function buildPath(
  template: string,
  params: Record<string, string | number | undefined>,
): string | null {
  let missing = false;
  const path = template
    .split("/")
    .map((segment) => {
      if (segment === "*") return params["*"] !== undefined ? String(params["*"]) : "";
      if (!segment.startsWith(":")) return segment;
      const optional = segment.endsWith("?");
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === "") {
        if (!optional) missing = true;
        return "";
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment, index) => index === 0 || segment !== "")
    .join("/");
  if (missing) return null;
  return path === "" ? "/" : path;
}

/** Where a sidebar entry leads: its concrete link, else its path without a trailing "/*". */
export function navTarget(entry: RouteEntry): string {
  return entry.nav?.to ?? entry.path.replace(/\/\*$/, "");
}
