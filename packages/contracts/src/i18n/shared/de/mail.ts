import type { Translation } from "../../catalogue.js";
import type { mailEn } from "../en/mail.js";

export const mailDe: Translation<typeof mailEn> = {
  invitation: {
    subject: "Ihre Einladung zu Steward",
    body:
      "{inviter} hat Sie zur Steward-Konsole eingeladen.\n\n" +
      "Legen Sie hier Ihr Passwort fest (der Link ist {hours, plural, one {# Stunde} other {# Stunden}} gültig):\n{url}\n\n" +
      "Anschließend richten Sie die Multi-Faktor-Authentifizierung mit einer Authenticator-App ein.\n",
  },
};
