import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customFieldsRoutes } from "./custom-fields.routes.js";
import type { CustomFieldsService } from "./custom-fields.service.js";

export type { CustomFieldsService } from "./custom-fields.service.js";

/** Custom field definitions (/api/custom-fields) and values at organization, location and device. */
export function customFieldsModule(service: CustomFieldsService): FastifyPluginAsyncZod {
  return customFieldsRoutes(service);
}
