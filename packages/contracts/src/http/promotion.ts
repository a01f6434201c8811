import { z } from "zod";
import { demoRequestRules, isValidEmail } from "@steward/domain";
import { text } from "../common.js";

/** POST /api/division/promotion/BackupDemoRequest: the same rules the dialog checks. */
export const backupDemoRequest = z.object({
  userName: text().trim().min(1, demoRequestRules.messages.nameRequired).max(200),
  userEmail: text().trim().max(254).refine(isValidEmail, demoRequestRules.messages.emailInvalid),
});
export type BackupDemoRequest = z.infer<typeof backupDemoRequest>;

export const resultCodeResponse = z.object({ resultCode: z.literal("SUCCESS") });
