import type { CredentialType } from "@steward/domain";
import type { MessageKey } from "../../i18n";

/** How each kind of credential is named to people. */
export const credentialTypeText: Record<CredentialType, MessageKey> = {
  WINDOWS_LOCAL_ADMIN: "credentials.types.WINDOWS_LOCAL_ADMIN",
  WINDOWS_DOMAIN_ADMIN: "credentials.types.WINDOWS_DOMAIN_ADMIN",
  MAC: "credentials.types.MAC",
  LINUX: "credentials.types.LINUX",
  OTHER: "credentials.types.OTHER",
};
