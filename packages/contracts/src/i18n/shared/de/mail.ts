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
  alert: {
    triggeredSubject: "[{severity}] {condition} auf {device}",
    triggeredBody:
      "Die Bedingung {condition} wurde auf {device} ({organization}) ausgelöst.\n\n" +
      "Schweregrad: {severity}\nPriorität: {priority}\nDetail: {detail}\n\nAlarm öffnen: {url}\n",
    resetSubject: "[Zurückgesetzt] {condition} auf {device}",
    resetBody:
      "Der Alarm {condition} auf {device} ({organization}) wurde zurückgesetzt.\n\nAlarme öffnen: {url}\n",
    flappingSubject: "[Schwankend] {condition} auf {device}",
    flappingBody:
      "Die Bedingung {condition} auf {device} ({organization}) wechselt zu oft den Zustand. " +
      "Benachrichtigungen dazu pausieren, bis sie 30 Minuten stabil war.\n\nAlarme öffnen: {url}\n",
  },
};
