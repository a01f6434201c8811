/** The remoteSupport texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    remoteSupport: "Remote support",
    quickConnect: "Quick connect",
  },
} as const;
