/** The ticketing texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    ticketing: "Ticketing",
    board: "Ticket board",
    boards: "Ticketing boards",
  },
} as const;
