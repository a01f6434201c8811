import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { backupRoutes } from "./backup.routes.js";
import type { BackupService } from "./backup.service.js";

export { createBackupService, type BackupService } from "./backup.service.js";
export { createBackupRepository } from "./backup.repository.js";

/** Backup: plans status, jobs, revisions, backup and restore under /api/backup/lockhart. */
export function backupModule(service: BackupService): FastifyPluginAsyncZod {
  return backupRoutes(service);
}
export { createBackupSchedule, type BackupSchedule } from "./backup.schedule.js";
