/** The settings texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    general: "General settings",
    branding: "Branding",
    websiteBranding: "Website branding",
    systray: "System tray",
    systrayArea: "System tray branding",
  },
  general: {
    description: "Company-wide defaults for the whole console.",
    loadError: "Could not load the settings",
    loading: "Loading settings…",
    companyName: "Company name",
    companyNameHelp: "Your MSP or IT department, shown in the console and in invite emails.",
    timeZone: "Default time zone",
    timeZoneHelp: "Used for schedules and reports unless a user chooses another.",
    useZone: "Use {zone}",
    noZone: "No time zone matches",
    saved: "Settings saved",
  },
} as const;
