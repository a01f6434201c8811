import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Writable } from "node:stream";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import pinoPretty from "pino-pretty";
import type { ServerConfig } from "./config.js";
import { openDatabase, type Database } from "./platform/db/database.js";
import { claimEmbeddedDatabase } from "./platform/db/embedded-lock.js";
import { createSecretBox, loadOrCreateCommandSigner, loadOrCreateKey } from "./platform/crypto/index.js";
import { createMailer } from "./platform/mail/mailer.js";
import type { AppDeps } from "./platform/deps.js";
import { Bus } from "./platform/bus.js";

const require = createRequire(import.meta.url);
export const VERSION: string = (require("../package.json") as { version: string }).version;

/** How log lines are written: readable lines for a person at a terminal, JSON lines for everything else. */
export type LogFormat = "pretty" | "json";

/** A terminal gets readable lines; a pipe, a file or a service manager gets one JSON object a line. */
export function logFormatFor(stdout: { isTTY?: boolean | undefined }): LogFormat {
  return stdout.isTTY === true ? "pretty" : "json";
}

function logDestination(format: LogFormat, output: Writable | undefined): DestinationStream | undefined {
  if (format === "json") return output;
  return pinoPretty({
    colorize: output === undefined,
    // Synchronous, so the last lines before an exit are not lost.
    sync: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    ...(output ? { destination: output } : {}),
  });
}

/** The server's logger, writing to standard output unless given another stream (tests). */
export function createLogger(
  config: Pick<ServerConfig, "logLevel">,
  format: LogFormat = logFormatFor(process.stdout),
  output?: Writable,
): Logger {
  const options: LoggerOptions = {
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
  };
  const destination = logDestination(format, output);
  return destination ? pino(options, destination) : pino(options);
}

/** Opens (and migrates) the database the configuration names: PostgreSQL or the embedded PGlite. */
export async function openConfiguredDatabase(config: ServerConfig, role = "server"): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => undefined : claimEmbeddedDatabase(config.dataDir, role);
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "db"),
    onIdleError: (err) =>
      process.stderr.write(`[steward] database connection lost (${err.message}); reconnecting on next use\n`),
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
