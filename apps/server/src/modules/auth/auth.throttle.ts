import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { LOCKOUT_BASE_SECONDS, LOCKOUT_FREE_ATTEMPTS, LOCKOUT_MAX_SECONDS } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { authThrottle } from "../../platform/identity/index.js";

/**
 * Failed-attempt counters per key that slow guessing down. Every attempt is counted BEFORE its
 * credential is checked, in one atomic statement that also says whether the attempt may be
 * checked at all: parallel guesses each take their own count, and none past the limit is
 * checked. A success gives its count back (see succeeded).
 *
 * Keys and how many failures each allows before delays start (30 s, doubling, at most 15 min):
 * - "account-ip:<account>:<address>": one account from one address, the owner's typos;
 * - "ip:<address>": one address against every account (shared office addresses: more room);
 * - "account:<account>": one account from everywhere, much higher so the owner, signing in
 *   from another address, is not locked out by someone guessing elsewhere;
 * - "mfa:<user id>": second-factor codes and recovery codes of one signed-in user.
 * A key whose last checked attempt is older than an hour starts again from zero.
 */
export const THROTTLE_FREE_ATTEMPTS = {
  "account-ip": LOCKOUT_FREE_ATTEMPTS,
  ip: 50,
  account: 100,
  mfa: LOCKOUT_FREE_ATTEMPTS,
} as const;

export type ThrottleKind = keyof typeof THROTTLE_FREE_ATTEMPTS;
export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

const FORGET_AFTER_MS = 3600_000;
const FORGET_AFTER = sql.raw(`interval '1 hour'`);

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function throttleKey(kind: ThrottleKind, ...parts: (string | number)[]): ThrottleKey {
  return { kind, key: [kind, ...parts].join(":") };
}

/** The time the key stays blocked after `failures` counted failures (none before the free ones). */
function blockExpression(now: SQL, failures: SQL, free: number): SQL {
  return sql`case when ${failures} >= ${free} then ${now} + make_interval(secs => least(${LOCKOUT_MAX_SECONDS}::float8, ${LOCKOUT_BASE_SECONDS}::float8 * power(2::float8, least(${failures} - ${free}, 20)))) else null end`;
}

export function createThrottle(db: Db) {
  const t = authThrottle;
  /** Counts one attempt on one key; says whether it may be checked and, if not, for how long. */
  async function attempt({ kind, key }: ThrottleKey): Promise<ThrottleVerdict> {
    const free = THROTTLE_FREE_ATTEMPTS[kind];
    // The server's clock, like every other deadline (sessions, TOTP steps), not the database's.
    const clock = new Date();
    const now = sql`${clock.toISOString()}::timestamptz`;
    const blocked = sql`(t.blocked_until is not null and t.blocked_until > ${now})`;
    const stale = sql`(t.updated_at < ${now} - ${FORGET_AFTER})`;
    const failures = sql`(case when ${stale} and not ${blocked} then 1 else t.failures + 1 end)`;
    // The key's row exists (committed) before the count, so that parallel first attempts do not
    // each insert it: they all queue on its lock below.
    await db.insert(t).values({ key, failures: 0, updatedAt: clock }).onConflictDoNothing({ target: t.key });
    // One statement: "prev" locks the key's row and reads it as it was before this attempt (a
    // parallel attempt waits for the lock and sees what the previous one left). The insert reads
    // from prev so that it runs first; the answer reads prev's materialized row.
    const result = await db.execute(sql`
      with prev as materialized (select blocked_until from auth_throttle where key = ${key} for update)
      insert into auth_throttle as t (key, failures, blocked_until, updated_at)
      select ${key}, 1, ${blockExpression(now, sql`1`, free)}, ${now} from (select 1) as one left join prev on true
      on conflict (key) do update set
        failures = ${failures},
        blocked_until = case when ${blocked} then t.blocked_until else ${blockExpression(now, failures, free)} end,
        updated_at = case when ${blocked} then t.updated_at else ${now} end
      returning
        coalesce((select p.blocked_until > ${now} from prev p), false) as was_blocked,
        greatest(1, ceil(extract(epoch from (t.blocked_until - ${now}))))::int as retry_after_seconds`);
    const row = rowsOf<{ was_blocked: boolean; retry_after_seconds: number | null }>(result)[0];
    if (!row) throw new Error("throttle upsert returned no row");
    return row.was_blocked
      ? { allowed: false, retryAfterSeconds: Number(row.retry_after_seconds ?? 1) }
      : { allowed: true };
  }

  return {
    /** Counts the attempt on every key; allowed only when every key allows it. */
    async attempt(keys: ThrottleKey[]): Promise<ThrottleVerdict> {
      const verdicts = await Promise.all(keys.map(attempt));
      const refused = verdicts.filter((v) => !v.allowed);
      if (refused.length === 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(...refused.map((v) => v.retryAfterSeconds)) };
    },

    /**
     * The checked attempt succeeded: keys of the account start over; keys shared with other
     * accounts (the address) only take this attempt's count back.
     */
    async succeeded(resetKeys: ThrottleKey[], giveBackKeys: ThrottleKey[] = []): Promise<void> {
      if (resetKeys.length > 0)
        await db.delete(t).where(
          inArray(
            t.key,
            resetKeys.map((k) => k.key),
          ),
        );
      for (const { key } of giveBackKeys)
        await db
          .update(t)
          .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
          .where(eq(t.key, key));
      // Counters that start again anyway (an hour without a checked attempt, not blocked) are
      // dropped, so guesses at made-up emails do not pile up rows.
      const now = new Date();
      await db
        .delete(t)
        .where(
          and(
            lt(t.updatedAt, new Date(now.getTime() - FORGET_AFTER_MS)),
            or(isNull(t.blockedUntil), lt(t.blockedUntil, now)),
          ),
        );
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/** node-postgres and PGlite both answer db.execute with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
