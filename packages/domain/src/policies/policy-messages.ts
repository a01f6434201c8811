/** The policy rules' field messages (the shared validation catalogue holds the same texts). */
export const policyMessages = {
  unknownSection: (section: string) => `There is no policy section "${section}"`,
  unknownItem: (section: string, item: string) => `The section "${section}" has no item "${item}"`,
  sectionObject: "A section's items are an object",
} as const;
