import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  addTicketCommentRequest,
  boardTicketsQuery,
  createTicketRequest,
  idParam,
  listTicketValuesQuery,
  saveTicketBoardRequest,
  saveTicketingSettingsRequest,
  saveTicketValueRequest,
  ticket,
  ticketBoard,
  ticketBoardList,
  ticketDetail,
  ticketingSettings,
  ticketPage,
  ticketValue,
  ticketValueList,
  updateTicketRequest,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { TicketEditor, TicketsService } from "./ticketing.service.js";
import type { TicketingSetupService } from "./ticketing.setup.js";

const tags = ["ticketing"];
const noContent = { 204: z.null().describe("Deleted") };

function editorOf(request: FastifyRequest): TicketEditor {
  return { request, userId: requireAuth(request).session.user.id, scope: requireScope(request) };
}

/**
 * Ticketing: tickets, comments and boards need ticketing.read to read and ticketing.manage to
 * change, both within the caller's organizations; the setup value lists and settings are read
 * with ticketing.read and changed with settings.manage.
 */
export function ticketingRoutes(
  tickets: TicketsService,
  setup: TicketingSetupService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- Tickets ----
    app.post(
      "/ticketing/tickets",
      {
        config: { access: "ticketing.manage" },
        schema: { tags, body: createTicketRequest, response: { 201: ticket } },
      },
      async (request, reply) => reply.code(201).send(await tickets.create(request.body, editorOf(request))),
    );
    app.get(
      "/ticketing/tickets/:id",
      {
        config: { access: "ticketing.read" },
        schema: { tags, params: idParam, response: { 200: ticketDetail } },
      },
      async (request) => tickets.get(request.params.id, requireScope(request)),
    );
    app.patch(
      "/ticketing/tickets/:id",
      {
        config: { access: "ticketing.manage" },
        schema: { tags, params: idParam, body: updateTicketRequest, response: { 200: ticket } },
      },
      async (request) => tickets.update(request.params.id, request.body, editorOf(request)),
    );
    app.post(
      "/ticketing/tickets/:id/comments",
      {
        config: { access: "ticketing.manage" },
        schema: { tags, params: idParam, body: addTicketCommentRequest, response: { 201: ticketDetail } },
      },
      async (request, reply) =>
        reply.code(201).send(await tickets.comment(request.params.id, request.body, editorOf(request))),
    );

    // ---- Boards ----
    app.get(
      "/ticketing/boards",
      { config: { access: "ticketing.read" }, schema: { tags, response: { 200: ticketBoardList } } },
      async (request) => setup.boards(requireScope(request)),
    );
    app.post(
      "/ticketing/boards",
      {
        config: { access: "ticketing.manage" },
        schema: { tags, body: saveTicketBoardRequest, response: { 201: ticketBoard } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await setup.createBoard(request.body, requireAuth(request).session.user.id, request)),
    );
    app.get(
      "/ticketing/boards/:id",
      {
        config: { access: "ticketing.read" },
        schema: { tags, params: idParam, response: { 200: ticketBoard } },
      },
      async (request) => setup.board(request.params.id, requireScope(request)),
    );
    app.put(
      "/ticketing/boards/:id",
      {
        config: { access: "ticketing.manage" },
        schema: { tags, params: idParam, body: saveTicketBoardRequest, response: { 200: ticketBoard } },
      },
      async (request) => setup.updateBoard(request.params.id, request.body, requireScope(request), request),
    );
    app.delete(
      "/ticketing/boards/:id",
      { config: { access: "ticketing.manage" }, schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await setup.removeBoard(request.params.id, request);
        return reply.code(204).send(null);
      },
    );
    app.get(
      "/ticketing/boards/:id/tickets",
      {
        config: { access: "ticketing.read" },
        schema: { tags, params: idParam, querystring: boardTicketsQuery, response: { 200: ticketPage } },
      },
      async (request) => setup.boardTickets(request.params.id, request.query, requireScope(request)),
    );

    // ---- Setup value lists and settings ----
    app.get(
      "/ticketing/values",
      {
        config: { access: "ticketing.read" },
        schema: { tags, querystring: listTicketValuesQuery, response: { 200: ticketValueList } },
      },
      async (request) => setup.values(request.query.kind),
    );
    app.post(
      "/ticketing/values",
      {
        config: { access: "settings.manage" },
        schema: { tags, body: saveTicketValueRequest, response: { 201: ticketValue } },
      },
      async (request, reply) => reply.code(201).send(await setup.createValue(request.body, request)),
    );
    app.put(
      "/ticketing/values/:id",
      {
        config: { access: "settings.manage" },
        schema: { tags, params: idParam, body: saveTicketValueRequest, response: { 200: ticketValue } },
      },
      async (request) => setup.updateValue(request.params.id, request.body, request),
    );
    app.delete(
      "/ticketing/values/:id",
      { config: { access: "settings.manage" }, schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await setup.removeValue(request.params.id, request);
        return reply.code(204).send(null);
      },
    );
    app.get(
      "/ticketing/settings",
      { config: { access: "ticketing.read" }, schema: { tags, response: { 200: ticketingSettings } } },
      async () => setup.settings(),
    );
    app.put(
      "/ticketing/settings",
      {
        config: { access: "settings.manage" },
        schema: { tags, body: saveTicketingSettingsRequest, response: { 200: ticketingSettings } },
      },
      async (request) => setup.saveSettings(request.body, request),
    );
  };
}
