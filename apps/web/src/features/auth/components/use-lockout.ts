import { useCallback, useState } from "react";
import { useCountdown } from "../../../lib/use-countdown";
import { retryAfterSeconds } from "./AuthErrorAlert";

/** Tracks an E_LOCKED_OUT or E_RATE_LIMITED answer: until when, and whether attempts are still refused. */
export function useLockout() {
  const [until, setUntil] = useState<number | null>(null);
  const left = useCountdown(until);
  /** Returns true when the error was a lockout (and records it). */
  const record = useCallback((error: unknown): boolean => {
    const seconds = retryAfterSeconds(error);
    if (seconds === null) return false;
    setUntil(Date.now() + seconds * 1000);
    return true;
  }, []);
  const clear = useCallback(() => setUntil(null), []);
  return { until, locked: until !== null && left > 0, record, clear };
}
