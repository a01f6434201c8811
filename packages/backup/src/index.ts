// The backup engine: repositories in restic's format (version 2) that the restic tool can read,
// written crash-safely, with deduplication, retention, prune, restore and an integrity check.
export { Repository, type MasterKey, type RepoConfig, type InitOptions } from "./repository.js";
export {
  backup,
  adoptOrphanPacks,
  listSnapshots,
  loadTree,
  type BackupOptions,
  type BackupResult,
  type BackupProgress,
} from "./backup.js";
export {
  restore,
  findSnapshot,
  type RestoreOptions,
  type RestoreResult,
  type CollisionMode,
} from "./restore.js";
export { check, type CheckOptions, type CheckResult, type CheckProblem } from "./check.js";
export {
  forget,
  prune,
  applyPolicy,
  type RetentionPolicy,
  type PruneOptions,
  type PruneResult,
} from "./retention.js";
export { BlobIndex, type BlobLocation, type BlobType } from "./blob-index.js";
export { Chunker, MIN_CHUNK, MAX_CHUNK } from "./chunker.js";
export type { Snapshot, Tree, TreeNode } from "./tree.js";
export { lockRepository, type HeldLock } from "./lock.js";
export { compileExcludes } from "./exclude.js";
