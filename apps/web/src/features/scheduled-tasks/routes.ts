import { IconCalendarTime } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  list: lazyPage(() => import("./pages/ScheduledTasksPage"), "ScheduledTasksPage"),
  editor: lazyPage(() => import("./pages/ScheduledTaskEditorPage"), "ScheduledTaskEditorPage"),
};

export const scheduledTaskRoutes: RouteEntry[] = [
  {
    path: "/administration/tasks",
    page: page.list,
    title: "scheduledTasks.routes.list",
    access: "devices.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "scheduledTasks.routes.nav", order: 50, icon: IconCalendarTime },
  },
  {
    path: "/editor/scheduledTask/*",
    page: page.editor,
    title: "scheduledTasks.routes.editor",
    access: "devices.read",
    section: "shell.sections.administration",
    parent: "/administration/tasks",
  },
];
