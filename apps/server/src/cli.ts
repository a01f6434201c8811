#!/usr/bin/env node
import { parseArgs } from "node:util";
import { emailField, passwordField, personNameField } from "@steward/contracts";
import { loadConfig } from "./config.js";
import { openConfiguredDatabase } from "./runtime.js";
import { findUserByEmail, insertSystemAdmin, deleteUserSessions } from "./platform/identity/index.js";
import { mfaFactors, mfaRecoveryCodes } from "./platform/identity/index.js";
import { eq } from "drizzle-orm";

const USAGE = `Usage: steward <command> [options]

Commands:
  create-admin --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]
      Create a system administrator (headless setup). MFA enrollment happens at first sign-in.
  reset-mfa --email EMAIL
      Remove a user's second factors (lost authenticator); they enroll again at next sign-in.
  migrate
      Apply database migrations and exit.

Uses the same environment as the server (STEWARD_DATA_DIR, DATABASE_URL).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown, name: string): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`--${name}: ${result.error.issues[0]?.message ?? "invalid"}`);
  return result.data;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === "help" || command === "--help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    strict: true,
  });
  const config = loadConfig();
  const database = await openConfiguredDatabase({ ...config, logLevel: "warn" });
  try {
    switch (command) {
      case "migrate":
        process.stdout.write(`Database (${database.kind}) is migrated.\n`);
        break;
      case "create-admin": {
        const email = parse(emailField, values.email ?? "", "email");
        const password = parse(passwordField, values.password ?? "", "password");
        const firstName = parse(personNameField, values["first-name"] ?? "System", "first-name");
        const lastName = parse(personNameField, values["last-name"] ?? "Administrator", "last-name");
        if (await findUserByEmail(database.db, email)) fail(`A user with the email ${email} already exists.`);
        const { id } = await insertSystemAdmin(database.db, { email, password, firstName, lastName });
        process.stdout.write(`Created system administrator ${email} (id ${id}). Sign in to set up MFA.\n`);
        break;
      }
      case "reset-mfa": {
        const email = parse(emailField, values.email ?? "", "email");
        const user = await findUserByEmail(database.db, email);
        if (!user) fail(`No user with the email ${email}.`);
        await database.db.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
        await database.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
        await deleteUserSessions(database.db, user.id);
        process.stdout.write(`Second factors removed for ${email}; they will enroll again at next sign-in.\n`);
        break;
      }
      default:
        fail(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
