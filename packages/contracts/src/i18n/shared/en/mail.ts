/** Emails the server sends, in the recipient's language. */
export const mailEn = {} as const;
