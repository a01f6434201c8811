import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  setup: lazyPage(() => import("./pages/SetupPage"), "SetupPage"),
  login: lazyPage(() => import("./pages/LoginPage"), "LoginPage"),
  enroll: lazyPage(() => import("./pages/MfaEnrollPage"), "MfaEnrollPage"),
  verify: lazyPage(() => import("./pages/MfaVerifyPage"), "MfaVerifyPage"),
  invite: lazyPage(() => import("./pages/InvitePage"), "InvitePage"),
  duo: lazyPage(() => import("./pages/DuoCallbackPage"), "DuoCallbackPage"),
  security: lazyPage(() => import("./pages/AccountSecurityPage"), "AccountSecurityPage"),
};

/** Sign-in steps: drawn without the console shell. */
export const authRoutes: RouteEntry[] = [
  { path: "/setup", page: page.setup, title: "auth.routes.setup", access: "public" },
  { path: "/login", page: page.login, title: "auth.routes.login", access: "public" },
  {
    path: "/mfa/enroll",
    page: page.enroll,
    title: "auth.routes.enroll",
    access: "mfa-pending",
  },
  { path: "/mfa/verify", page: page.verify, title: "auth.routes.verify", access: "mfa-pending" },
  { path: "/invite/:token", page: page.invite, title: "auth.routes.invite", access: "public" },
  { path: "/mfa/duo", page: page.duo, title: "auth.routesExtra.duo", access: "mfa-pending" },
  {
    path: "/account/security",
    page: page.security,
    title: "auth.routesExtra.security",
    access: "authenticated",
    section: "shell.routes.account",
  },
];
