import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deviceIdParam, deviceMetrics, deviceMetricsQuery } from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import type { MetricsService } from "./metrics.service.js";

const tags = ["metrics"];

export function metricsRoutes(service: MetricsService): FastifyPluginAsyncZod {
  return async (app) => {
    // The device overview's charts: CPU, memory, disks and network over 1 h, 24 h, 7 d or 30 d.
    app.get(
      "/devices/:id/metrics",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: deviceIdParam,
          querystring: deviceMetricsQuery,
          response: { 200: deviceMetrics },
        },
      },
      async (request) => service.forDevice(requireScope(request), request.params.id, request.query.range),
    );
  };
}
