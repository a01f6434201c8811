import { IconListDetails, IconTicket } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { boardPath, SETUP_PATH } from "./paths";

export { DEFAULT_BOARD_ID, boardPath } from "./paths";

const page = {
  home: lazyPage(() => import("./pages/BoardPage"), "TicketingHomePage"),
  board: lazyPage(() => import("./pages/BoardPage"), "BoardPage"),
  ticket: lazyPage(() => import("./pages/TicketPage"), "TicketPage"),
  create: lazyPage(() => import("./pages/NewTicketPage"), "NewTicketPage"),
  setup: lazyPage(() => import("./pages/TicketingSetupPage"), "TicketingSetupPage"),
  organization: lazyPage(() => import("./pages/ScopedTicketsPage"), "OrganizationTicketsPage"),
  device: lazyPage(() => import("./pages/ScopedTicketsPage"), "DeviceTicketsPage"),
};

/** Ticketing: the boards, a ticket, the create form, and the setup lists in administration. */
export const ticketingRoutes: RouteEntry[] = [
  {
    path: "/ticketing/board/:id",
    page: page.board,
    title: "ticketing.routes.board",
    access: "ticketing.read",
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
    path: "/ticketing/ticket/:id",
    page: page.ticket,
    title: "ticketing.routes.ticket",
    access: "ticketing.read",
    section: "ticketing.routes.ticketing",
  },
  {
    path: "/ticketing/new",
    page: page.create,
    title: "ticketing.routes.newTicket",
    access: "ticketing.manage",
    section: "ticketing.routes.ticketing",
  },
  {
    path: "/ticketing/*",
    page: page.home,
    title: "ticketing.routes.ticketing",
    area: "ticketing.routes.ticketing",
    access: "ticketing.read",
    section: "ticketing.routes.ticketing",
  },
  {
    path: SETUP_PATH,
    page: page.setup,
    title: "ticketing.routes.setup",
    access: "settings.manage",
    section: "shell.sections.administration",
    nav: { section: "administration", order: 45, icon: IconListDetails },
  },
  // The ticketing tabs of an organization's and a device's dashboard.
  {
    path: "/customerDashboard/:id/ticketing",
    page: page.organization,
    title: "organizations.routes.ticketing",
    access: "ticketing.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: { group: "customerDashboard", label: "organizations.routes.ticketing", order: 130 },
  },
  {
    path: "/deviceDashboard/:id/ticketing",
    page: page.device,
    title: "devices.routes.ticketing",
    access: "ticketing.read",
    section: "devices.routes.devices",
    parent: "/deviceDashboard/:id/overview",
    tab: { group: "deviceDashboard", label: "devices.routes.ticketing", order: 100 },
  },
];
