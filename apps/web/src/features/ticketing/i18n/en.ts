/** The ticketing texts in English (the source; the spec's texts exactly as written). */
export const en = {} as const;
