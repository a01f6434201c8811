/**
 * Emails the server sends, in the recipient's language. A mail is a subject and a plain-text
 * body; the body's lines end with "\n".
 */
export const mailEn = {
  invitation: {
    subject: "You are invited to Steward",
    /** inviter: the inviting technician's name; hours: how long the link is valid; url: the link. */
    body:
      "{inviter} invited you to the Steward console.\n\n" +
      "Set your password here (the link is valid for {hours, plural, one {# hour} other {# hours}}):\n{url}\n\n" +
      "You will then set up multi-factor authentication with an authenticator app.\n",
  },
} as const;
