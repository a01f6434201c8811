/** The reporting texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    reporting: "Reporting",
    editReport: "Edit report",
    reportEditor: "Report editor",
  },
} as const;
