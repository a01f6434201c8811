import { createContext, useContext } from "react";
import type { RouteEntry } from "./entry";

/**
 * The console's route registry, given to pages that list destinations (the start page choice).
 * A page reads it from here rather than importing the registry, which imports every page.
 */
export const RouteRegistryContext = createContext<readonly RouteEntry[]>([]);

export function useRouteRegistry(): readonly RouteEntry[] {
  return useContext(RouteRegistryContext);
}
