import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activityPageQuery,
  deviceActivityList,
  deviceCacheCleared,
  deviceCacheStats,
  deviceDetail,
  deviceHealth,
  deviceIdParam,
  deviceList,
  deviceSummary,
  deviceTags,
  exportDevicesQuery,
  listDevicesQuery,
  locationActivityParams,
  queryDeviceRequest,
  queryDeviceResponse,
  softwareList,
  softwareQuery,
  tagQuery,
  tagRequest,
  updateDeviceRequest,
} from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import { devicesCsv } from "./devices.export.js";
import type { DevicesService } from "./devices.service.js";

const tags = ["devices"];
const noContent = { 204: z.null().describe("Deleted") };

/** Which of these devices an open maintenance window covers now (from the maintenance area). */
export type InMaintenance = (deviceIds: readonly number[]) => Promise<ReadonlySet<number>>;

export function devicesRoutes(service: DevicesService, inMaintenance?: InMaintenance): FastifyPluginAsyncZod {
  /** Marks the devices in maintenance: one pass over the open windows for all of them. */
  async function withMaintenance<T extends { id: number }>(
    items: T[],
  ): Promise<(T & { inMaintenance: boolean })[]> {
    const covered =
      inMaintenance && items.length > 0 ? await inMaintenance(items.map((d) => d.id)) : new Set();
    return items.map((d) => ({ ...d, inMaintenance: covered.has(d.id) }));
  }

  return async (app) => {
    // /deviceSearch: paged, sorted, filtered on the server.
    app.get(
      "/devices",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: listDevicesQuery, response: { 200: deviceList } },
      },
      async (request) => {
        const list = await service.list(requireScope(request), request.query);
        return { ...list, items: await withMaintenance(list.items) };
      },
    );

    app.get(
      "/devices/export.csv",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: exportDevicesQuery, produces: ["text/csv"] },
      },
      async (request, reply) => {
        const batches = await service.batches(requireScope(request), request.query);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="devices.csv"')
          .send(devicesCsv(batches, request.query.columns));
      },
    );

    // /administration/devices/healthStatus
    app.get(
      "/devices/health",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: deviceHealth } } },
      async (request) => service.health(requireScope(request)),
    );

    // /administration/devices/cache
    app.get(
      "/devices/cache",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: deviceCacheStats } } },
      async () => service.cache.stats(),
    );

    app.post(
      "/devices/cache/clear",
      { config: { access: "devices.manage" }, schema: { tags, response: { 200: deviceCacheCleared } } },
      async () => ({ cleared: service.cache.clear() }),
    );

    // The seed's call: device summaries by id, with how long the client may keep them.
    app.post(
      "/query/device",
      {
        config: { access: "devices.read" },
        schema: { tags, body: queryDeviceRequest, response: { 200: queryDeviceResponse } },
      },
      async (request) => service.queryNodes(requireScope(request), request.body),
    );

    app.get(
      "/devices/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: deviceIdParam, response: { 200: deviceDetail } },
      },
      async (request) => {
        const [device] = await withMaintenance([
          await service.detail(requireScope(request), request.params.id),
        ]);
        return device!;
      },
    );

    app.get(
      "/devices/:id/software",
      {
        config: { access: "devices.read" },
        schema: { tags, params: deviceIdParam, querystring: softwareQuery, response: { 200: softwareList } },
      },
      async (request) => service.software(requireScope(request), request.params.id, request.query),
    );

    app.get(
      "/devices/:id/activities",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: deviceIdParam,
          querystring: activityPageQuery,
          response: { 200: deviceActivityList },
        },
      },
      async (request) =>
        service.activities(requireScope(request), { deviceId: request.params.id }, request.query),
    );

    app.get(
      "/organizations/:id/activities",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: deviceIdParam,
          querystring: activityPageQuery,
          response: { 200: deviceActivityList },
        },
      },
      async (request) => {
        const scope = requireScope(request);
        await service.requirePlace(scope, request.params.id);
        return service.activities(scope, { organizationId: request.params.id }, request.query);
      },
    );

    app.get(
      "/organizations/:id/locations/:locationId/activities",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: locationActivityParams,
          querystring: activityPageQuery,
          response: { 200: deviceActivityList },
        },
      },
      async (request) => {
        const scope = requireScope(request);
        await service.requirePlace(scope, request.params.id, request.params.locationId);
        return service.activities(scope, { locationId: request.params.locationId }, request.query);
      },
    );

    app.patch(
      "/devices/:id",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: deviceIdParam, body: updateDeviceRequest, response: { 200: deviceSummary } },
      },
      async (request) => service.update(requireScope(request), request.params.id, request.body, request),
    );

    app.post(
      "/devices/:id/approve",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: deviceIdParam, response: { 200: deviceSummary } },
      },
      async (request) => service.approve(requireScope(request), request.params.id, request),
    );

    app.post(
      "/devices/:id/reject",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: deviceIdParam, response: { 200: deviceSummary } },
      },
      async (request) => service.reject(requireScope(request), request.params.id, request),
    );

    app.delete(
      "/devices/:id",
      {
        config: { access: "devices.manage", stepUp: true },
        schema: { tags, params: deviceIdParam, response: noContent },
      },
      async (request, reply) => {
        await service.remove(requireScope(request), request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/devices/:id/tags",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: deviceIdParam, body: tagRequest, response: { 200: deviceTags } },
      },
      async (request) => ({
        tags: await service.addTag(requireScope(request), request.params.id, request.body.tag, request),
      }),
    );

    app.delete(
      "/devices/:id/tags",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: deviceIdParam, querystring: tagQuery, response: { 200: deviceTags } },
      },
      async (request) => ({
        tags: await service.removeTag(requireScope(request), request.params.id, request.query.tag, request),
      }),
    );
  };
}
