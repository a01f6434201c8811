import type { BackupDemoRequest } from "@steward/contracts";
import { audit } from "../../platform/identity/index.js";
import type { PromotionRepository } from "./promotion.repository.js";

/** Who made a change, for the audit log. */
export type Actor = Parameters<typeof audit>[1];

/** Product promotions: demo requests from inside the console. */
export function createPromotionService({ repo }: { repo: PromotionRepository }) {
  return {
    /** Records a request for a demo of the backup product by the signed-in user. */
    async requestBackupDemo(
      input: BackupDemoRequest,
      requestedByUserId: number,
      actor: Actor,
    ): Promise<{ resultCode: "SUCCESS" }> {
      await repo.transaction(async (tx) => {
        const id = await tx.insertDemoRequest({ product: "BACKUP", ...input, requestedByUserId });
        // The contact details stay in demo_requests; the audit log notes only that a request was made.
        await audit(tx.db, actor, {
          action: "demo-request.create",
          targetType: "demo-request",
          targetId: id,
          data: { product: "BACKUP" },
        });
      });
      return { resultCode: "SUCCESS" };
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
