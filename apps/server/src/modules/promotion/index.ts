import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { PromotionRepository } from "./promotion.repository.js";
import { promotionRoutes } from "./promotion.routes.js";
import { createPromotionService } from "./promotion.service.js";

/** Product promotions: the backup demo request (POST /api/division/promotion/BackupDemoRequest). */
export function promotionModule(deps: AppDeps): FastifyPluginAsyncZod {
  return promotionRoutes(createPromotionService({ repo: new PromotionRepository(deps.db) }));
}
