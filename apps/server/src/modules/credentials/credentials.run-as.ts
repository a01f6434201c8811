import { and, eq, sql } from "drizzle-orm";
import {
  builtInRunAsChoices,
  credentialRunAsValue,
  credentialTypeLabels,
  credentialTypesFor,
  RUN_AS_OPERATING_SYSTEMS,
  type CredentialType,
  type RunAsOs,
} from "@steward/domain";
import { fillTemplate, sharedEn } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { credentials } from "./credentials.tables.js";

/**
 * The account a job runs as when its run-as choice is a stored credential. Kept on the job row
 * (never answered): the username selects the local account on Linux and macOS; the sealed secret
 * is only kept for Windows devices, where the agent logs on with it, and is opened only to sign
 * the command for that one agent.
 */
export interface RunAsAccount {
  credentialId: number;
  username: string;
  /** Only for Windows devices. */
  secretSealed?: string;
}

/** Run-as lookups of one submit: a fan-out reads each organization's credential once. */
export type RunAsLookupCache = Map<string, Promise<RunAsAccount | null>>;

interface CredentialRow {
  id: number;
  name: string;
  type: string;
  username: string;
  secretSealed: string;
  preferred: boolean;
}

/**
 * Credentials read ahead for a whole submit (see preloadRunAs): by organization, and which
 * run-as choices of which organization they answer (`${organizationId}:${runAs}`).
 */
const preloaded = new WeakMap<
  RunAsLookupCache,
  { rows: Map<number, CredentialRow[]>; answers: Set<string> }
>();

const CREDENTIAL_VALUE = /^credential:(\d{1,10})$/;

const columns = {
  id: credentials.id,
  name: credentials.name,
  type: credentials.type,
  username: credentials.username,
  secretSealed: credentials.secretSealed,
  preferred: credentials.preferred,
};

/**
 * Reads, in one query, every stored credential the run-as choices of a submit can stand for in
 * the organizations it reaches (the preferred one of each type the built-in choices name, and
 * the credentials chosen by id), so that resolveRunAs with the same cache reads nothing more.
 */
export async function preloadRunAs(
  db: Db,
  choices: Iterable<{ organizationId: number; runAs: string }>,
  cache: RunAsLookupCache,
): Promise<void> {
  const organizations = new Set<number>();
  const types = new Set<string>();
  const ids = new Set<number>();
  const answers = new Set<string>();
  for (const { organizationId, runAs } of choices) {
    if (runAs === "System") continue;
    const match = CREDENTIAL_VALUE.exec(runAs);
    const named = RUN_AS_OPERATING_SYSTEMS.flatMap((os) =>
      builtInRunAsChoices[os].filter((c) => c.value === runAs && c.credentialType !== null),
    );
    if (!match && named.length === 0) continue; // nothing stored to read
    if (match) ids.add(Number(match[1]));
    for (const c of named) if (c.credentialType) types.add(c.credentialType);
    organizations.add(organizationId);
    answers.add(`${organizationId}:${runAs}`);
  }
  if (organizations.size === 0) return;
  const rows = await db
    .select({ ...columns, organizationId: credentials.organizationId })
    .from(credentials)
    .where(
      sql`${credentials.organizationId} in (select value::int from jsonb_array_elements_text(${JSON.stringify([...organizations])}::jsonb))
        and ((${credentials.preferred} and ${credentials.type} in (select value from jsonb_array_elements_text(${JSON.stringify([...types])}::jsonb)))
          or ${credentials.id} in (select value::int from jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb)))`,
    )
    .orderBy(credentials.id);
  const ahead = preloaded.get(cache) ?? { rows: new Map<number, CredentialRow[]>(), answers: new Set() };
  for (const organizationId of organizations) ahead.rows.set(organizationId, []);
  for (const row of rows) ahead.rows.get(row.organizationId)?.push(row);
  for (const answer of answers) ahead.answers.add(answer);
  preloaded.set(cache, ahead);
}

const OS_LABEL: Record<RunAsOs, string> = { WINDOWS: "Windows", MAC: "Mac", LINUX: "Linux" };

/** A Run As value refused: the field's message (a validation text) in the error and its issue. */
const invalid = (template: string, values: Record<string, string>) => {
  const message = fillTemplate(template, values);
  return new AppError(
    "E_RUN_AS_INVALID",
    400,
    { id: "errors.validation.field", values: { field: "content.runAs", issue: message } },
    { issues: [{ path: ["content", "runAs"], message }] },
  );
};

const isRunAsOs = (os: string): os is RunAsOs => (RUN_AS_OPERATING_SYSTEMS as readonly string[]).includes(os);

/**
 * Checks a job's run-as choice against the spec's choices for the device's OS plus the stored
 * credentials of the device's organization, and returns the account it stands for (null: the
 * agent's own identity or the logged-on user). Refuses with E_RUN_AS_INVALID.
 */
export async function resolveRunAs(
  db: Db,
  device: { organizationId: number; osFamily: string },
  runAs: string,
  cache: RunAsLookupCache = new Map(),
): Promise<RunAsAccount | null> {
  if (runAs === "System") return null;
  const os = isRunAsOs(device.osFamily) ? device.osFamily : null;
  const builtIn = os ? builtInRunAsChoices[os].find((c) => c.value === runAs) : undefined;
  const key = `${device.organizationId}:${os ?? "OTHER"}:${runAs}`;
  let lookup = cache.get(key);
  if (!lookup) {
    lookup = find();
    cache.set(key, lookup);
  }
  return lookup;

  async function find(): Promise<RunAsAccount | null> {
    if (builtIn && builtIn.credentialType === null) return null; // Current Logged on User
    const keepSecret = os === "WINDOWS";
    // Read ahead with the rest of the submit: looked up here, not queried again.
    const ahead = preloaded.get(cache);
    const known = ahead?.answers.has(`${device.organizationId}:${runAs}`)
      ? (ahead.rows.get(device.organizationId) ?? [])
      : undefined;
    const account = (row: { id: number; username: string; secretSealed: string }): RunAsAccount => ({
      credentialId: row.id,
      username: row.username,
      ...(keepSecret ? { secretSealed: row.secretSealed } : {}),
    });
    if (builtIn && builtIn.credentialType) {
      const type = builtIn.credentialType;
      const [row] = known
        ? known.filter((c) => c.type === type && c.preferred)
        : await db
            .select(columns)
            .from(credentials)
            .where(
              and(
                eq(credentials.organizationId, device.organizationId),
                eq(credentials.type, type),
                eq(credentials.preferred, true),
              ),
            );
      if (!row)
        throw invalid(sharedEn.validation.runAs.noPreferred, {
          runAs,
          credentialType: credentialTypeLabels[builtIn.credentialType],
        });
      return account(row);
    }
    const match = CREDENTIAL_VALUE.exec(runAs);
    if (!match) {
      const choices = os ? builtInRunAsChoices[os].map((c) => c.value) : ["System"];
      throw os
        ? invalid(sharedEn.validation.runAs.notAChoiceFor, {
            runAs,
            os: OS_LABEL[os],
            choices: choices.join(", "),
          })
        : invalid(sharedEn.validation.runAs.notAChoice, { runAs, choices: choices.join(", ") });
    }
    const id = Number(match[1]);
    const [row] = known
      ? known.filter((c) => c.id === id)
      : await db
          .select(columns)
          .from(credentials)
          .where(and(eq(credentials.organizationId, device.organizationId), eq(credentials.id, id)));
    if (!row) throw invalid(sharedEn.validation.runAs.notStored, { value: credentialRunAsValue(id) });
    if (os && !credentialTypesFor[os].includes(row.type as CredentialType))
      throw invalid(sharedEn.validation.runAs.wrongOs, {
        name: row.name,
        credentialType: credentialTypeLabels[row.type as CredentialType],
        os: OS_LABEL[os],
      });
    return account(row);
  }
}
