import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    ticketing: "Ticketing",
    board: "Ticket-Board",
    boards: "Ticket-Boards",
  },
};
