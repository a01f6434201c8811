import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import type { DevicesService } from "../devices/index.js";
import { CustomFieldsRepository } from "./custom-fields.repository.js";
import { customFieldsRoutes } from "./custom-fields.routes.js";
import { createCustomFieldsService } from "./custom-fields.service.js";

/** Custom field definitions (/api/custom-fields) and values at organization, location and device. */
export function customFieldsModule(deps: AppDeps, devices: DevicesService): FastifyPluginAsyncZod {
  return customFieldsRoutes(
    createCustomFieldsService({ repo: new CustomFieldsRepository(deps.db), devices }),
  );
}
