import { IconCalendarTime } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "authenticated",
  section: "Administration",
  ...extra,
});

/** Scripting and automation — not built yet. */
export const scriptRoutes: RouteEntry[] = [
  later("/administration/library/scripting/:page", "Scripting", "Script library"),
  later("/administration/tasks", "Scheduled tasks", "Scheduled tasks", {
    nav: { section: "administration", label: "Tasks", order: 50, icon: IconCalendarTime },
  }),
  later("/editor/scheduledTask/*", "Edit scheduled task", "Scheduled task editor"),
  later("/editor/script/:id", "Edit script", "Script editor"),
  later("/editor/templateScript/:id", "Template script", "Template scripts"),
];
