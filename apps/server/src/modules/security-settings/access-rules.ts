import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors/app-error.js";
import type { AuthContext, RouteAccessDeclaration } from "../../platform/identity/index.js";
import type { SecuritySettingsService } from "./security-settings.service.js";

/** The routes that sign a technician in without a session yet: the allow-list applies to them too. */
export const SIGN_IN_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/auth/login",
  "POST /api/invites/:token/accept",
]);

/** Access levels a session reaches before it has every second factor its roles require. */
const BEFORE_FULL_SIGN_IN: ReadonlySet<RouteAccessDeclaration> = new Set([
  "public",
  "mfa-pending",
  "authenticated",
]);

/**
 * The security settings' rules on every console request: a signed-in caller (and every sign-in
 * attempt) must come from an address on the technicians' allow-list; a session whose roles
 * require a second-factor type the user does not hold reaches nothing but the enrollment steps.
 */
export function securityAccessRules(deps: {
  settings: Pick<SecuritySettingsService, "assertAddressAllowed">;
  /** false: a role of the user requires a factor type they do not hold yet. */
  requirementMet: (userId: number) => Promise<boolean>;
}) {
  return async (request: FastifyRequest, auth: AuthContext | null, access: RouteAccessDeclaration) => {
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    if (auth || SIGN_IN_ROUTES.has(route)) await deps.settings.assertAddressAllowed(request);
    if (!auth?.session.mfaVerified || BEFORE_FULL_SIGN_IN.has(access)) return;
    if (!(await deps.requirementMet(auth.session.user.id)))
      throw new AppError("E_MFA_ENROLLMENT_REQUIRED", 403, { id: "errors.auth.mfaRoleRequirement" });
  };
}
