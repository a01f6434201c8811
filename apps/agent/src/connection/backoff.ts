/**
 * Reconnect delay: exponential from `baseMs`, capped at `maxMs`, with full jitter so that a
 * server restart does not bring every agent back in the same second.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 1000,
  maxMs = 60_000,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
