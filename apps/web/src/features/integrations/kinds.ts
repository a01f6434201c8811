import type { MessageKey } from "../../i18n";

/** The integration kinds under /administration/apps, each with its own sub-page. */
export interface IntegrationKind {
  slug: string;
  name: MessageKey;
  description: MessageKey;
  /** The sub-page's area ("Patching integrations"). */
  area: MessageKey;
  /** Built: its page works (the others show "Not available yet"). */
  available: boolean;
}

const slugs = [
  "patching",
  "api",
  "ticketing",
  "backup",
  "documentation",
  "remoteSupport",
  "mdm",
  "remoteAccess",
  "itsm",
  "psa",
  "endpointSecurity",
  "notificationChannels",
  "vulnerabilityManagement",
  "packageManager",
] as const;

export const integrationKinds: IntegrationKind[] = slugs.map((slug) => ({
  slug,
  name: `integrations.kinds.${slug}.name`,
  // i18n-exempt: a message id
  description: `integrations.kinds.${slug}.description`,
  area: `integrations.kinds.${slug}.area`,
  available: slug === "notificationChannels",
}));

export const appsPath = (slug?: string) => (slug ? `/administration/apps/${slug}` : "/administration/apps");
