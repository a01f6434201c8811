import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { promotionRoutes } from "./promotion.routes.js";
import type { PromotionService } from "./promotion.service.js";

export type { PromotionService } from "./promotion.service.js";

/** Product promotions: the backup demo request (POST /api/division/promotion/BackupDemoRequest). */
export function promotionModule(service: PromotionService): FastifyPluginAsyncZod {
  return promotionRoutes(service);
}
