/** The backup texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    backup: "Backup",
    systemArea: "Backup (system dashboard)",
    organizationArea: "Backup (organization dashboard)",
    deviceArea: "Backup (device dashboard)",
    settings: "Backup settings",
    settingsArea: "Backup settings for an organization",
    networkStorage: "Network storage",
    networkStorageArea: "Backup network storage",
    integrationsArea: "Backup integrations",
    shadowProtect: "ShadowProtect",
    shadowProtectArea: "ShadowProtect backup",
    imageManager: "ImageManager",
    imageManagerArea: "ImageManager backup",
  },
  placeholder: {
    demo: "Want to see cloud and local backup with file/folder and image plans, restore, integrity checks and upsync?",
  },
} as const;
