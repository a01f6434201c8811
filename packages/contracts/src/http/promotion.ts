import { z } from "zod";
import { demoRequestRules, isValidEmail } from "@steward/domain";

/** POST /api/division/promotion/BackupDemoRequest: the same rules the dialog checks. */
export const backupDemoRequest = z.object({
  userName: z.string().trim().min(1, demoRequestRules.messages.nameRequired).max(200),
  userEmail: z.string().trim().refine(isValidEmail, demoRequestRules.messages.emailInvalid),
});
export type BackupDemoRequest = z.infer<typeof backupDemoRequest>;

export const resultCodeResponse = z.object({ resultCode: z.literal("SUCCESS") });
