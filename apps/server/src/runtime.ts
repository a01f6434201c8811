import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import type { ServerConfig } from "./config.js";
import { openDatabase, type Database } from "./platform/db/database.js";
import { claimEmbeddedDatabase } from "./platform/db/embedded-lock.js";
import { createSecretBox, loadOrCreateCommandSigner, loadOrCreateKey } from "./platform/crypto/index.js";
import { createMailer } from "./platform/mail/mailer.js";
import type { AppDeps } from "./platform/deps.js";
import { Bus } from "./platform/bus.js";

const require = createRequire(import.meta.url);
export const VERSION: string = (require("../package.json") as { version: string }).version;

export function createLogger(config: Pick<ServerConfig, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    // Secrets never reach the logs, even if a future log call passes a whole request.
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers['x-csrf-token']",
        "res.headers['set-cookie']",
        "*.password",
        "*.secret",
        "*.token",
      ],
      censor: "[redacted]",
    },
  });
}

/** Opens (and migrates) the database the configuration names: PostgreSQL or the embedded PGlite. */
export async function openConfiguredDatabase(config: ServerConfig, role = "server"): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => undefined : claimEmbeddedDatabase(config.dataDir, role);
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "db"),
    onIdleError: (err) => process.stderr.write(`[steward] database connection lost (${err.message}); reconnecting on next use\n`),
  });
  const database: Database = {
    ...opened,
    close: async () => {
      await opened.close();
      release();
    },
  };
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

export function createDeps(config: ServerConfig, database: Database, logger: Logger): AppDeps {
  return {
    db: database.db,
    dbKind: database.kind,
    config,
    secretBox: createSecretBox(loadOrCreateKey(config.dataDir)),
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    commandSigner: loadOrCreateCommandSigner(config.dataDir),
    bus: new Bus(),
    version: VERSION,
    startedAt: new Date(),
  };
}
