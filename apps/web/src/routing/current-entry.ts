import { useMatches } from "react-router";
import type { RouteEntry } from "./entry";

export interface EntryHandle {
  entry: RouteEntry;
}

function isEntryHandle(handle: unknown): handle is EntryHandle {
  return typeof handle === "object" && handle !== null && "entry" in handle;
}

/** The registry entry of the deepest matched route, if any. */
export function useCurrentEntry(): RouteEntry | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isEntryHandle(handle)) return handle.entry;
  }
  return undefined;
}
