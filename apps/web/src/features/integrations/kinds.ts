/** The integration kinds under /administration/apps, each with its own sub-page. */
export interface IntegrationKind {
  slug: string;
  name: string;
  description: string;
}

export const integrationKinds: IntegrationKind[] = [
  { slug: "patching", name: "Patching", description: "Third-party software patching sources." },
  { slug: "api", name: "API", description: "API clients and keys for scripts and other tools." },
  { slug: "ticketing", name: "Ticketing", description: "Ticketing integrations and email-to-ticket." },
  { slug: "backup", name: "Backup", description: "Backup providers and Steward backup." },
  { slug: "documentation", name: "Documentation", description: "IT documentation platforms." },
  { slug: "remoteSupport", name: "Remote support", description: "Remote support sessions for end users." },
  { slug: "mdm", name: "Mobile device management", description: "Android, iOS and iPadOS enrollment." },
  { slug: "remoteAccess", name: "Remote access providers", description: "Remote control tools." },
  { slug: "itsm", name: "IT service management", description: "IT service management platforms." },
  {
    slug: "psa",
    name: "PSA",
    description: "Professional-services automation: account and site mapping, billing.",
  },
  { slug: "endpointSecurity", name: "Endpoint security providers", description: "Antivirus and EDR." },
  { slug: "notificationChannels", name: "Notification channels", description: "Where alerts are sent." },
  {
    slug: "vulnerabilityManagement",
    name: "Vulnerability management providers",
    description: "Vulnerability scanners and their findings.",
  },
  { slug: "packageManager", name: "Package manager", description: "Software package sources for installs." },
];

export const appsPath = (slug?: string) => (slug ? `/administration/apps/${slug}` : "/administration/apps");
