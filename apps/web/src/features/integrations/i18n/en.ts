/** The integrations texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    apps: "Apps",
  },
  landing: {
    description: "Integrations with third-party providers. None is available yet in this version of Steward.",
    notAvailable: "Not available yet",
  },
  kinds: {
    patching: {
      name: "Patching",
      description: "Third-party software patching sources.",
      area: "Patching integrations",
    },
    api: {
      name: "API",
      description: "API clients and keys for scripts and other tools.",
      area: "API integrations",
    },
    ticketing: {
      name: "Ticketing",
      description: "Ticketing integrations and email-to-ticket.",
      area: "Ticketing integrations",
    },
    backup: {
      name: "Backup",
      description: "Backup providers and Steward backup.",
      area: "Backup integrations",
    },
    documentation: {
      name: "Documentation",
      description: "IT documentation platforms.",
      area: "Documentation integrations",
    },
    remoteSupport: {
      name: "Remote support",
      description: "Remote support sessions for end users.",
      area: "Remote support integrations",
    },
    mdm: {
      name: "Mobile device management",
      description: "Android, iOS and iPadOS enrollment.",
      area: "Mobile device management integrations",
    },
    remoteAccess: {
      name: "Remote access providers",
      description: "Remote control tools.",
      area: "Remote access providers integrations",
    },
    itsm: {
      name: "IT service management",
      description: "IT service management platforms.",
      area: "IT service management integrations",
    },
    psa: {
      name: "PSA",
      description: "Professional-services automation: account and site mapping, billing.",
      area: "PSA integrations",
    },
    endpointSecurity: {
      name: "Endpoint security providers",
      description: "Antivirus and EDR.",
      area: "Endpoint security providers integrations",
    },
    notificationChannels: {
      name: "Notification channels",
      description: "Where alerts are sent.",
      area: "Notification channels integrations",
    },
    vulnerabilityManagement: {
      name: "Vulnerability management providers",
      description: "Vulnerability scanners and their findings.",
      area: "Vulnerability management providers integrations",
    },
    packageManager: {
      name: "Package manager",
      description: "Software package sources for installs.",
      area: "Package manager integrations",
    },
  },
} as const;
