import { IconCode } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  library: lazyPage(() => import("./pages/ScriptLibraryPage"), "ScriptLibraryPage"),
  editor: lazyPage(() => import("./pages/ScriptEditorPage"), "ScriptEditorPage"),
  template: lazyPage(() => import("./pages/TemplateScriptPage"), "TemplateScriptPage"),
};

const LIBRARY = "/administration/library/scripting/:page";

/** The script library, the script editor and the template scripts. */
export const scriptRoutes: RouteEntry[] = [
  {
    path: LIBRARY,
    page: page.library,
    title: "Scripting",
    access: "devices.read",
    section: "Administration",
    nav: {
      section: "administration",
      label: "Scripting",
      order: 56,
      to: "/administration/library/scripting/1",
      icon: IconCode,
    },
  },
  {
    path: "/editor/script/:id",
    page: page.editor,
    title: "Script",
    access: "devices.read",
    section: "Administration",
    parent: LIBRARY,
  },
  {
    path: "/editor/templateScript/:id",
    page: page.template,
    title: "Template script",
    access: "devices.read",
    section: "Administration",
    parent: LIBRARY,
  },
];
