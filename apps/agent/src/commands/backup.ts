import { agent as proto } from "@steward/contracts";
import { BackupKeyStore } from "../backup/keys.js";
import { runBackup, runRestore } from "../backup/run.js";
import { agentCommand } from "./registry.js";

/** Backs a plan up into its local repository; the repository key stays in the data folder. */
export const backupRunHandler = agentCommand(proto.backupRunCommand, (payload, ctx) =>
  runBackup(payload, ctx, new BackupKeyStore(ctx.dataDir)),
);

/** Restores files and folders of a revision. */
export const backupRestoreHandler = agentCommand(proto.backupRestoreCommand, (payload, ctx) =>
  runRestore(payload, ctx, new BackupKeyStore(ctx.dataDir)),
);
