import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { backupDemoRequest, resultCodeResponse } from "@steward/contracts";
import { requireAuth } from "../../platform/identity/index.js";
import type { PromotionService } from "./promotion.service.js";

const tags = ["promotion"];

export function promotionRoutes(service: PromotionService): FastifyPluginAsyncZod {
  return async (app) => {
    // The path and body clients already send: POST /division/promotion/BackupDemoRequest with userName, userEmail.
    app.post(
      "/division/promotion/BackupDemoRequest",
      {
        config: { access: "authenticated" },
        schema: { tags, body: backupDemoRequest, response: { 200: resultCodeResponse } },
      },
      async (request) =>
        service.requestBackupDemo(request.body, requireAuth(request).session.user.id, request),
    );
  };
}
