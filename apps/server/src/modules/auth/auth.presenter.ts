import {
  defaultUserPreferences,
  type Permission,
  type SessionResponse,
  type SessionUser,
  type UserPreferences,
} from "@steward/contracts";

export interface SessionView {
  user: { id: number; email: string; firstName: string; lastName: string; isSystemAdmin: boolean };
  permissions: Iterable<Permission>;
  csrfToken: string;
  mfaVerified: boolean;
  factors: string[];
  /** A role requires a factor type the user does not hold: they are sent to add one. */
  mustEnroll?: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  idleSeconds: number;
  /** The user's own console settings (the defaults when none were saved). */
  preferences?: UserPreferences;
}

export function presentUser(view: Pick<SessionView, "user" | "permissions" | "preferences">): SessionUser {
  const { id, email, firstName, lastName, isSystemAdmin } = view.user;
  return {
    id,
    email,
    firstName,
    lastName,
    isSystemAdmin,
    permissions: [...view.permissions].sort(),
    preferences: view.preferences ?? { ...defaultUserPreferences },
  };
}

/** The session as the web sees it: which step of sign-in the visitor is at. */
export function presentSession(view: SessionView): SessionResponse {
  const idle = new Date(
    Math.min(view.lastSeenAt.getTime() + view.idleSeconds * 1000, view.expiresAt.getTime()),
  );
  const base = {
    user: presentUser(view),
    csrfToken: view.csrfToken,
    idleExpiresAt: idle.toISOString(),
    absoluteExpiresAt: view.expiresAt.toISOString(),
  };
  if (view.mfaVerified)
    return view.mustEnroll ? { state: "mfa-enrollment", ...base } : { state: "authenticated", ...base };
  const factors = view.factors.filter((f): f is "TOTP" | "U2F" | "SMS" | "DUO" =>
    ["TOTP", "U2F", "SMS", "DUO"].includes(f),
  );
  if (factors.length === 0) return { state: "mfa-enrollment", ...base };
  return { state: "mfa-verification", factors, ...base };
}
