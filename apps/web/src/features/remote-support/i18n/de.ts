import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    remoteSupport: "Fernsupport",
    quickConnect: "Schnellverbindung",
  },
};
