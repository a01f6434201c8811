import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ticketingRoutes } from "./ticketing.routes.js";
import type { TicketsService } from "./ticketing.service.js";
import type { TicketingSetupService } from "./ticketing.setup.js";

export { createTicketsService, type TicketsService } from "./ticketing.service.js";
export { createTicketingSetupService, type TicketingSetupService } from "./ticketing.setup.js";
export { TicketingRepository } from "./ticketing.repository.js";
export { startTicketCloser } from "./ticketing.closer.js";

/** Ticketing: tickets with comments and history, boards, and the setup value lists. */
export function ticketingModule(
  tickets: TicketsService,
  setup: TicketingSetupService,
): FastifyPluginAsyncZod {
  return ticketingRoutes(tickets, setup);
}
