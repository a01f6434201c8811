/** The console frame's texts in English (the source): navigation, header, user menu, palette, page frame. */
export const en = {
  sections: {
    administration: "Administration",
    organizations: "Organizations",
  },
} as const;
