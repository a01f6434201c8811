import type { RouteAccess } from "@steward/contracts";
import type { SessionUser } from "@steward/contracts";
import { useSessionQuery } from "./api";

/** Whether a signed-in user may use something declared with `access` (system admins hold everything). */
export function canAccess(user: SessionUser | null | undefined, access: RouteAccess): boolean {
  if (access === "public") return true;
  if (!user) return false;
  if (access === "mfa-pending" || access === "authenticated") return true;
  if (user.isSystemAdmin) return true;
  if (access === "system-admin") return false;
  return user.permissions.includes(access);
}

/** The fully signed-in user, or null before sign-in completes. */
export function useCurrentUser(): SessionUser | null {
  const { data } = useSessionQuery();
  return data?.state === "authenticated" ? data.user : null;
}

/** `can("organizations.write")`: hides what the user's permissions do not allow. */
export function useCan(): (access: RouteAccess) => boolean {
  const user = useCurrentUser();
  return (access) => canAccess(user, access);
}
