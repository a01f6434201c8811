import { createBrowserRouter, type RouteObject } from "react-router";
import type { EntryHandle, RouteEntry } from "../routing";
import { BarePage, GuardedPage, NotFoundPage, RequireSession, RootRoute, RouteErrorPage } from "./pages";
import { isBareEntry, routeRegistry } from "./registry";
import { StartPageRedirect } from "./preferences/start-page";

function toRoute(entry: RouteEntry, bare: boolean): RouteObject {
  const handle: EntryHandle = { entry };
  return {
    path: entry.path,
    handle,
    element: bare ? <BarePage entry={entry} /> : <GuardedPage entry={entry} />,
  };
}

/** The route tree, built from the registry (also used by tests with a memory router). */
export function buildRoutes(entries: readonly RouteEntry[] = routeRegistry): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        ...entries.filter(isBareEntry).map((entry) => toRoute(entry, true)),
        {
          element: <RequireSession />,
          children: [
            // The root: the user's start page, or the dashboard.
            { index: true, element: <StartPageRedirect /> },
            ...entries.filter((entry) => !isBareEntry(entry)).map((entry) => toRoute(entry, false)),
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
