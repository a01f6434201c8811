/** Failures allowed before the first lock. */
export const LOCKOUT_FREE_ATTEMPTS = 5;
export const LOCKOUT_BASE_SECONDS = 30;
export const LOCKOUT_MAX_SECONDS = 15 * 60;

/**
 * How long to lock after the given number of consecutive failures: nothing for the first five,
 * then 30 s, doubling with each further failure, at most 15 minutes.
 */
export function lockoutSeconds(consecutiveFailures: number): number {
  if (consecutiveFailures < LOCKOUT_FREE_ATTEMPTS) return 0;
  const exponent = consecutiveFailures - LOCKOUT_FREE_ATTEMPTS;
  return Math.min(LOCKOUT_MAX_SECONDS, LOCKOUT_BASE_SECONDS * 2 ** Math.min(exponent, 30));
}
