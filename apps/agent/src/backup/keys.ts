import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The file in the agent's data folder that holds each repository's key (owner-only). */
export const BACKUP_KEYS_FILE = "backup-keys.json";

/**
 * The repository keys this agent made: one random key per repository folder, kept in the agent's
 * protected data folder with owner-only permissions and never written anywhere else (not to the
 * job output, the log or the server).
 */
export class BackupKeyStore {
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = path.join(dataDir, BACKUP_KEYS_FILE);
  }

  #read(): Record<string, string> {
    try {
      return JSON.parse(fs.readFileSync(this.#file, "utf8")) as Record<string, string>;
    } catch {
      return {};
    }
  }

  /** The key of a repository folder, or undefined when this agent never made one there. */
  get(repository: string): string | undefined {
    return this.#read()[path.resolve(repository)];
  }

  /** The key of a repository folder, made (and stored before it is used) when there is none. */
  getOrCreate(repository: string): { key: string; created: boolean } {
    const found = this.get(repository);
    if (found !== undefined) return { key: found, created: false };
    const key = crypto.randomBytes(32).toString("base64url");
    const all = { ...this.#read(), [path.resolve(repository)]: key };
    const tmp = `${this.#file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    fs.renameSync(tmp, this.#file);
    fs.chmodSync(this.#file, 0o600);
    return { key, created: true };
  }
}
