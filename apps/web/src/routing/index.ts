export { lazyPage, buildPath, navTarget } from "./entry";
export { RouteRegistryContext, useRouteRegistry } from "./registry-context";
export { HOME_PATH, DASHBOARD_PATH } from "./home";
export type { RouteEntry, NavEntry, TabEntry, NavSectionId, PageComponent } from "./entry";
export { useCurrentEntry } from "./current-entry";
export type { EntryHandle } from "./current-entry";
export { usePageTitle, PageTitleContext } from "./page-title";
export { routeText, routeTextWith, useRouteText } from "./route-text";
