import type { Permission } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { grantsFor, lookupSession, type Scope, type SessionPolicy } from "../../platform/identity/index.js";

/** What a stream needs to be held: reading devices (their status, alerts and jobs). */
export const LIVE_PERMISSION: Permission = "devices.read";

/**
 * Reads the session behind a stream's cookie again, as the access layer does for a request,
 * under the session limits in force, without counting it as activity: a console left open does
 * not keep its session alive. Null when the session ended or no longer holds the permission.
 */
export function createSessionScope(db: Db, policy: () => Promise<SessionPolicy>) {
  return async (token: string): Promise<Scope | null> => {
    const found = await lookupSession(db, token, await policy());
    if (found.kind !== "ok" || !found.session.mfaVerified) return null;
    const grants = await grantsFor(db, found.session.user);
    return grants.permissions.has(LIVE_PERMISSION) ? grants.scopeFor(LIVE_PERMISSION) : null;
  };
}
