import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  copyScriptTemplateRequest,
  idParam,
  saveScriptRequest,
  scriptDetail,
  scriptList,
  scriptListQuery,
  scriptTemplate,
  scriptTemplateIdParam,
  scriptTemplateList,
  scriptTemplateListQuery,
} from "@steward/contracts";
import { presentScript, presentScriptSummary } from "./scripts.presenter.js";
import type { ScriptsService } from "./scripts.service.js";

const tags = ["scripts"];

/** The script library (CRUD at /api/scripts) and the built-in templates (/api/script-templates). */
export function scriptsRoutes(service: ScriptsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/scripts",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: scriptListQuery, response: { 200: scriptList } },
      },
      async (request) => {
        const page = await service.list(request.query);
        return { ...page, items: page.items.map(presentScriptSummary) };
      },
    );

    app.post(
      "/scripts",
      {
        config: { access: "scripts.manage" },
        schema: { tags, body: saveScriptRequest, response: { 201: scriptDetail } },
      },
      async (request, reply) =>
        reply.code(201).send(presentScript(await service.create(request.body, request))),
    );

    app.get(
      "/scripts/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: scriptDetail } },
      },
      async (request) => presentScript(await service.get(request.params.id)),
    );

    app.put(
      "/scripts/:id",
      {
        config: { access: "scripts.manage" },
        schema: { tags, params: idParam, body: saveScriptRequest, response: { 200: scriptDetail } },
      },
      async (request) => presentScript(await service.update(request.params.id, request.body, request)),
    );

    app.delete(
      "/scripts/:id",
      {
        config: { access: "scripts.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/script-templates",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: scriptTemplateListQuery, response: { 200: scriptTemplateList } },
      },
      async (request) => ({ items: service.listTemplates(request.query) }),
    );

    app.get(
      "/script-templates/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: scriptTemplateIdParam, response: { 200: scriptTemplate } },
      },
      async (request) => service.getTemplate(request.params.id),
    );

    app.post(
      "/script-templates/:id/copy",
      {
        config: { access: "scripts.manage" },
        schema: {
          tags,
          params: scriptTemplateIdParam,
          body: copyScriptTemplateRequest,
          response: { 201: scriptDetail },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(presentScript(await service.copyTemplate(request.params.id, request.body?.name, request))),
    );
  };
}
