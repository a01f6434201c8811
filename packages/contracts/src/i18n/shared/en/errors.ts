/** One text per error the server answers with; the server formats its English message from it and sends the id, the console shows it in the reader's language. */
export const errorsEn = {} as const;
