import {
  sharedEn,
  ssoSettingsRequest,
  type SsoSettingsRequest,
  type SsoSettingsResponse,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { SecretBox } from "../../platform/crypto/index.js";
import type { SsoRepository } from "./sso.repository.js";

/** The settings entry's key; also the context the client secret is sealed for. */
export const SSO_SETTINGS_KEY = "sso";
const SECRET_CONTEXT = "system_settings:sso:clientSecret";

/** The settings as stored: the client secret sealed with the server's key. */
export type StoredSsoSettings = Omit<SsoSettingsRequest, "clientSecret"> & {
  clientSecretSealed: string | null;
};

const DEFAULTS: StoredSsoSettings = {
  providerName: "",
  issuerUrl: "",
  clientId: "",
  scopes: "openid email profile",
  groupClaim: "groups",
  groupMappings: [],
  jitEnabled: false,
  trustProviderMfa: false,
  enabled: false,
  clientSecretSealed: null,
};

/** Who made a change, for the audit log. */
export type Actor = Parameters<typeof audit>[1];

export interface SsoSettingsDeps {
  store: { get(key: string): Promise<unknown>; put(key: string, value: unknown): Promise<void> };
  repo: SsoRepository;
  secretBox: SecretBox;
  db: Parameters<typeof audit>[0];
  /** Where the provider sends the browser back. */
  redirectUri: string;
}

/** The provider settings: read, saved with the secret sealed, and opened for a sign-in. */
export function createSsoSettings(deps: SsoSettingsDeps) {
  async function stored(): Promise<StoredSsoSettings> {
    const value = await deps.store.get(SSO_SETTINGS_KEY);
    return value && typeof value === "object"
      ? { ...DEFAULTS, ...(value as Partial<StoredSsoSettings>) }
      : DEFAULTS;
  }

  function present(s: StoredSsoSettings): SsoSettingsResponse {
    const { clientSecretSealed, ...rest } = s;
    return { ...rest, clientSecretSet: clientSecretSealed !== null, redirectUri: deps.redirectUri };
  }

  return {
    stored,

    async get(): Promise<SsoSettingsResponse> {
      return present(await stored());
    },

    async update(input: SsoSettingsRequest, actor: Actor): Promise<SsoSettingsResponse> {
      const parsed = ssoSettingsRequest.parse(input);
      const before = await stored();
      const { clientSecret, ...fields } = parsed;
      // The secret is sealed anew when replaced, and kept otherwise.
      const clientSecretSealed =
        clientSecret !== undefined
          ? deps.secretBox.seal(clientSecret, SECRET_CONTEXT)
          : before.clientSecretSealed;
      if (fields.enabled && clientSecretSealed === null)
        throw new AppError("E_VALIDATION", 400, { english: sharedEn.validation.ssoSecretRequired });
      const roleIds = [...new Set(fields.groupMappings.map((m) => m.roleId))];
      const existing = await deps.repo.existingRoleIds(roleIds);
      if (roleIds.some((id) => !existing.has(id))) throw new AppError("E_ROLE_NOT_FOUND", 404);
      const next: StoredSsoSettings = { ...fields, clientSecretSealed };
      await deps.store.put(SSO_SETTINGS_KEY, next);
      const view = ({ clientSecretSealed: _sealed, ...rest }: StoredSsoSettings) => rest;
      await audit(deps.db, actor, {
        action: "settings.sso.update",
        targetType: "settings",
        targetId: SSO_SETTINGS_KEY,
        data: { before: view(before), after: view(next), secretChanged: clientSecret !== undefined },
      });
      return present(next);
    },

    /** The opened client secret, for talking to the provider (never answered to a browser). */
    openSecret(s: StoredSsoSettings): string | null {
      return s.clientSecretSealed === null ? null : deps.secretBox.open(s.clientSecretSealed, SECRET_CONTEXT);
    },
  };
}

export type SsoSettings = ReturnType<typeof createSsoSettings>;
