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
    title: "scripts.routes.scripting",
    access: "devices.read",
    section: "shell.sections.administration",
    nav: {
      section: "administration",
      label: "scripts.routes.scripting",
      order: 56,
      to: "/administration/library/scripting/1",
      icon: IconCode,
    },
  },
  {
    path: "/editor/script/:id",
    page: page.editor,
    title: "scripts.routes.script",
    access: "devices.read",
    section: "shell.sections.administration",
    parent: LIBRARY,
  },
  {
    path: "/editor/templateScript/:id",
    page: page.template,
    title: "scripts.routes.templateScript",
    access: "devices.read",
    section: "shell.sections.administration",
    parent: LIBRARY,
  },
];
