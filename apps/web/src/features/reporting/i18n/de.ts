import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    reporting: "Berichte",
    editReport: "Bericht bearbeiten",
    reportEditor: "Berichtseditor",
  },
};
