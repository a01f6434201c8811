import { IconTicket } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

/** Board id 1 is used when a board path is built without one. */
export const DEFAULT_BOARD_ID = 1;
export const boardPath = (id: number = DEFAULT_BOARD_ID) => `/ticketing/board/${id}`;

/** Ticketing — not built yet. */
export const ticketingRoutes: RouteEntry[] = [
  {
    path: "/ticketing/board/:id",
    page: NotAvailablePage,
    title: "ticketing.routes.board",
    area: "ticketing.routes.boards",
    access: "authenticated",
    section: "ticketing.routes.ticketing",
    nav: {
      section: "main",
      label: "ticketing.routes.ticketing",
      order: 50,
      to: boardPath(),
      icon: IconTicket,
    },
  },
  {
    path: "/ticketing/*",
    page: NotAvailablePage,
    title: "ticketing.routes.ticketing",
    area: "ticketing.routes.ticketing",
    access: "authenticated",
    section: "ticketing.routes.ticketing",
  },
];
