import type { Db } from "../../platform/db/database.js";
import type { SecretBox } from "../../platform/crypto/index.js";
import type { AuthService } from "../auth/index.js";
import { createOidcClient } from "./sso.client.js";
import type { SsoRepository } from "./sso.repository.js";
import { createSsoSettings } from "./sso.settings.js";
import { createSsoSignIn } from "./sso.signin.js";

/** The path the identity provider sends the browser back to. */
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";

/** OpenID Connect single sign-on for technicians: its settings and its sign-in rounds. */
export function createSsoService(deps: {
  db: Db;
  repo: SsoRepository;
  store: { get(key: string): Promise<unknown>; put(key: string, value: unknown): Promise<void> };
  secretBox: SecretBox;
  auth: Pick<AuthService, "issueSession">;
  publicUrl: string;
}) {
  const redirectUri = `${deps.publicUrl.replace(/\/+$/, "")}${SSO_CALLBACK_PATH}`;
  const settings = createSsoSettings({ ...deps, redirectUri });
  const signIn = createSsoSignIn({
    ...deps,
    settings,
    client: createOidcClient(),
    redirectUri,
  });
  return {
    settings: settings.get,
    updateSettings: settings.update,
    /** What the sign-in page offers. */
    async signInOption() {
      const s = await settings.stored();
      const enabled = s.enabled && s.clientSecretSealed !== null;
      return { enabled, providerName: enabled ? s.providerName : null };
    },
    start: signIn.start,
    complete: signIn.complete,
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
