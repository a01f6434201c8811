#!/usr/bin/env node
import { parseArgs } from "node:util";
import { emailField, passwordField, personNameField } from "@steward/contracts";
import { loadConfig } from "./config.js";
import pino from "pino";
import { createDeps, openConfiguredDatabase } from "./runtime.js";
import { buildServices } from "./services.js";
import { ensureOrganization } from "./companions.js";
import { findUserByEmail, insertSystemAdmin, deleteUserSessions } from "./platform/identity/index.js";
import { mfaFactors, mfaRecoveryCodes } from "./platform/identity/index.js";
import { eq } from "drizzle-orm";

const USAGE = `Usage: steward <command> [options]

Commands:
  create-admin --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]
      Create a system administrator (headless setup). MFA enrollment happens at first sign-in.
  reset-mfa --email EMAIL
      Remove a user's second factors (lost authenticator); they enroll again at next sign-in.
  create-enrollment-token --organization NAME [--hours N] [--max-uses N]
      Print an agent enrollment token for the organization's default location (the organization
      is created when it does not exist). For scripted installs and benchmarks.
  migrate
      Apply database migrations and exit.

Uses the same environment as the server (STEWARD_DATA_DIR, DATABASE_URL).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  name: string,
): T {
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
      organization: { type: "string" },
      hours: { type: "string" },
      "max-uses": { type: "string" },
    },
    strict: true,
  });
  const config = loadConfig();
  const database = await openConfiguredDatabase({ ...config, logLevel: "warn" }, `cli ${command}`);
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
        process.stdout.write(
          `Second factors removed for ${email}; they will enroll again at next sign-in.\n`,
        );
        break;
      }
      case "create-enrollment-token": {
        const name = (values.organization ?? "").trim();
        if (!name) fail("--organization is required");
        const hours = Number(values.hours ?? 24);
        const maxUses = values["max-uses"] === undefined ? null : Number(values["max-uses"]);
        if (!Number.isInteger(hours) || hours < 1) fail("--hours must be a whole number of hours");
        if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1))
          fail("--max-uses must be a positive whole number");
        const deps = createDeps(config, database, pino({ level: "warn" }));
        const target = await ensureOrganization(deps, name);
        const { enrollment } = buildServices(deps);
        const { token } = await enrollment.createToken({
          ...target,
          name: "CLI",
          expiresInHours: hours,
          maxUses,
          createdByUserId: 0,
        });
        process.stdout.write(`${token}\n`);
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
