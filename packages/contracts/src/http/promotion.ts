import { z } from "zod";
import { demoRequestRules } from "@steward/domain";

/** POST /api/division/promotion/BackupDemoRequest */
export const backupDemoRequest = z.object({
  userName: z.string().trim().min(1, demoRequestRules.messages.nameRequired).max(200),
  userEmail: z.string().trim().pipe(z.email(demoRequestRules.messages.emailInvalid).max(254)),
});
export type BackupDemoRequest = z.infer<typeof backupDemoRequest>;

export const resultCodeResponse = z.object({ resultCode: z.literal("SUCCESS") });
