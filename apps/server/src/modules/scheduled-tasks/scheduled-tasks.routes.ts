import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  idParam,
  listScheduledTasksQuery,
  runScheduledTaskNowResponse,
  saveScheduledTaskRequest,
  scheduledTask,
  scheduledTaskList,
  schedulePreviewQuery,
  schedulePreviewResponse,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import { presentScheduledTask } from "./scheduled-tasks.presenter.js";
import type { Editor, ScheduledTasksService } from "./scheduled-tasks.service.js";

const tags = ["scheduled-tasks"];
const noContent = { 204: z.null().describe("Deleted") };

function editorOf(request: FastifyRequest): Editor {
  const user = requireAuth(request).session.user;
  return {
    request,
    actor: { userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email },
    scope: requireScope(request),
  };
}

/** Scheduled tasks (/administration/tasks, /editor/scheduledTask/*): reads need devices.read, changes jobs.run. */
export function scheduledTasksRoutes(service: ScheduledTasksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/scheduled-tasks",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: listScheduledTasksQuery, response: { 200: scheduledTaskList } },
      },
      async (request) => {
        const page = await service.list(request.query, requireScope(request));
        return { ...page, items: page.items.map(presentScheduledTask) };
      },
    );

    app.get(
      "/scheduled-tasks/preview",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: schedulePreviewQuery, response: { 200: schedulePreviewResponse } },
      },
      async (request) => service.preview(request.query),
    );

    app.post(
      "/scheduled-tasks",
      {
        config: { access: "jobs.run" },
        schema: { tags, body: saveScheduledTaskRequest, response: { 201: scheduledTask } },
      },
      async (request, reply) =>
        reply.code(201).send(presentScheduledTask(await service.create(request.body, editorOf(request)))),
    );

    app.get(
      "/scheduled-tasks/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: scheduledTask } },
      },
      async (request) => presentScheduledTask(await service.get(request.params.id, requireScope(request))),
    );

    app.put(
      "/scheduled-tasks/:id",
      {
        config: { access: "jobs.run" },
        schema: { tags, params: idParam, body: saveScheduledTaskRequest, response: { 200: scheduledTask } },
      },
      async (request) =>
        presentScheduledTask(await service.update(request.params.id, request.body, editorOf(request))),
    );

    app.delete(
      "/scheduled-tasks/:id",
      { config: { access: "jobs.run" }, schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await service.remove(request.params.id, editorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/scheduled-tasks/:id/run-now",
      {
        config: { access: "jobs.run" },
        schema: { tags, params: idParam, response: { 200: runScheduledTaskNowResponse } },
      },
      async (request) => {
        const { task, jobUids } = await service.runNow(request.params.id, editorOf(request));
        return { task: presentScheduledTask(task), jobUids };
      },
    );
  };
}
