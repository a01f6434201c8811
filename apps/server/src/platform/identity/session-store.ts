import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { randomToken, sha256 } from "../crypto/index.js";
import { mfaFactors, sessions, users } from "./identity.tables.js";

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export interface ResolvedSession {
  idHash: string;
  csrfToken: string;
  mfaVerified: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    isSystemAdmin: boolean;
    status: string;
  };
}

export type SessionLookup = { kind: "none" } | { kind: "expired" } | { kind: "ok"; session: ResolvedSession };

export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
  meta: { ip?: string | undefined; userAgent?: string | undefined },
  now = new Date(),
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken(32);
  const csrfToken = randomToken(24);
  const expiresAt = new Date(now.getTime() + policy.absoluteSeconds * 1000);
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, csrfToken, expiresAt };
}

/** Finds the session behind a cookie token; an idle or over-age session is deleted and reported expired. */
export async function lookupSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionLookup> {
  if (!token || token.length > 200) return { kind: "none" };
  const idHash = sha256(token);
  const rows = await db
    .select({
      idHash: sessions.idHash,
      csrfToken: sessions.csrfToken,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isSystemAdmin: users.isSystemAdmin,
        status: users.status,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  const row = rows[0];
  if (!row) return { kind: "none" };
  const idleDeadline = row.lastSeenAt.getTime() + policy.idleSeconds * 1000;
  // The absolute limit counts from sign-in under the limit in force now, so a shortened limit
  // ends older sessions at once.
  const expiresAt = new Date(
    Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + policy.absoluteSeconds * 1000),
  );
  if (now.getTime() >= expiresAt.getTime() || now.getTime() >= idleDeadline || row.user.status !== "ACTIVE") {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { kind: "expired" };
  }
  return {
    kind: "ok",
    session: {
      idHash: row.idHash,
      csrfToken: row.csrfToken,
      mfaVerified: row.mfaVerifiedAt !== null,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      expiresAt,
      user: row.user,
    },
  };
}

export async function touchSession(db: Db, idHash: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function markSessionMfaVerified(db: Db, idHash: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ mfaVerifiedAt: now, lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function confirmedFactorTypes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ type: mfaFactors.type })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)));
  return [...new Set(rows.map((r) => r.type))];
}
