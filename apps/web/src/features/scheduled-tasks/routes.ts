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
    title: "Scheduled tasks",
    access: "devices.read",
    section: "Administration",
    nav: { section: "administration", label: "Tasks", order: 50, icon: IconCalendarTime },
  },
  {
    path: "/editor/scheduledTask/*",
    page: page.editor,
    title: "Scheduled task",
    access: "devices.read",
    section: "Administration",
    parent: "/administration/tasks",
  },
];
