import { Alert } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { ApiError, describeError } from "../../../api";
import { describeApiError, useT, type Translate } from "../../../i18n";
import { formatRelativeSeconds, formatTime } from "../../../ui";
import { useCountdown } from "../../../lib/use-countdown";

/**
 * Seconds the server asked us to wait (details.retryAfterSeconds): E_LOCKED_OUT for second-factor
 * codes, E_RATE_LIMITED for sign-in attempts and too many requests.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || (error.code !== "E_LOCKED_OUT" && error.code !== "E_RATE_LIMITED"))
    return null;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) ? seconds : null;
}

/** The user-facing text for errors of the sign-in steps, in the reader's language. */
export function authErrorMessage(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case "E_INVALID_CREDENTIALS":
        return t("auth.errors.invalidCredentials");
      case "E_MFA_INVALID_CODE":
        return t("auth.errors.invalidCode");
      case "E_USER_DISABLED":
        return t("auth.errors.userDisabled");
      case "E_WEAK_PASSWORD":
        // The server says what is weak about it; without a reason, the general advice.
        return error.message || error.messageId ? describeApiError(error) : t("auth.errors.weakPassword");
      case "E_INVITE_INVALID":
        return t("auth.errors.invalidInvite");
      case "E_SETUP_ALREADY_DONE":
        return t("auth.errors.setupAlreadyDone");
      case "E_RATE_LIMITED": {
        const seconds = retryAfterSeconds(error);
        return seconds === null
          ? t("auth.errors.rateLimited")
          : t("auth.errors.rateLimitedFor", { time: formatRelativeSeconds(seconds) });
      }
      default:
        return describeError(error);
    }
  }
  return describeError(error);
}

interface LockoutAlertProps {
  /** Epoch ms until which sign-in attempts are refused. */
  until: number;
}

/** "Too many failed attempts": counts down to the moment a new attempt is accepted. */
export function LockoutAlert({ until }: LockoutAlertProps) {
  const t = useT();
  const left = useCountdown(until);
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t("auth.lockout.title")}
      icon={<IconLock size={18} />}
    >
      {left > 0
        ? t("auth.lockout.locked", { time: formatRelativeSeconds(left), at: formatTime(until) })
        : t("auth.lockout.tryAgainNow")}
    </Alert>
  );
}

export function AuthErrorAlert({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
      {authErrorMessage(t, error)}
    </Alert>
  );
}
