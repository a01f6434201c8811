import { Alert } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { ApiError, describeError } from "../../../api";
import { formatRelativeSeconds } from "../../../ui";
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

export const INVALID_INVITE =
  "This invite link is invalid or has expired. Ask your administrator for a new one.";

/** The user-facing text for errors of the sign-in steps. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case "E_INVALID_CREDENTIALS":
        return "The email or password is incorrect.";
      case "E_MFA_INVALID_CODE":
        return "That code is not valid. Check your authenticator app and try again.";
      case "E_USER_DISABLED":
        return "This account is disabled. Ask a system administrator to enable it.";
      case "E_WEAK_PASSWORD":
        return error.message || "Choose a stronger password.";
      case "E_INVITE_INVALID":
        return INVALID_INVITE;
      case "E_SETUP_ALREADY_DONE":
        return "Steward is already set up. Sign in instead.";
      case "E_RATE_LIMITED": {
        const seconds = retryAfterSeconds(error);
        return seconds === null
          ? "Too many attempts. Wait a moment and try again."
          : `Too many attempts. Try again in ${formatRelativeSeconds(seconds)}.`;
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
  const left = useCountdown(until);
  const at = new Date(until).toLocaleTimeString("en-US", {
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title="Too many failed attempts"
      icon={<IconLock size={18} />}
    >
      {left > 0
        ? `For your security, sign-in is locked. Try again in ${formatRelativeSeconds(left)} (at ${at}).`
        : "You can try again now."}
    </Alert>
  );
}

export function AuthErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
      {authErrorMessage(error)}
    </Alert>
  );
}
