import type { ServerConfig } from "../config.js";
import type { Db } from "./db/database.js";
import type { CommandSigner, SecretBox } from "./crypto/index.js";
import type { Mailer } from "./mail/mailer.js";
import type { Bus } from "./bus.js";

/** What every module's factory receives; the only way modules reach shared infrastructure. */
export interface AppDeps {
  db: Db;
  dbKind: "pglite" | "postgres";
  config: ServerConfig;
  secretBox: SecretBox;
  mailer: Mailer;
  commandSigner: CommandSigner;
  bus: Bus;
  version: string;
  startedAt: Date;
}
