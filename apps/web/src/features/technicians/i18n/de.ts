import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    list: "Techniker",
    editor: "Techniker bearbeiten",
    singleSignOn: "Einmalanmeldung (SSO)",
    securitySettings: "Sicherheitseinstellungen",
    endUsers: "Endbenutzer",
    endUserRoles: "Endbenutzerrollen",
    contacts: "Kontakte",
    editEndUser: "Endbenutzer bearbeiten",
  },
  status: {
    active: "Aktiv",
    invited: "Eingeladen",
    disabled: "Deaktiviert",
  },
  kind: {
    systemAdmin: "Systemadministrator",
    technician: "Techniker",
  },
  fields: {
    firstName: "Vorname",
    lastName: "Nachname",
    phone: "Telefon",
    roles: "Rollen",
    twoFactor: "Zwei-Faktor",
    lastSignIn: "Letzte Anmeldung",
  },
  list: {
    description:
      "Personen, die sich an dieser Konsole anmelden. Jedes Konto nutzt die Zwei-Faktor-Authentifizierung.",
    invite: "Techniker einladen",
    loadError: "Die Techniker konnten nicht geladen werden",
    loading: "Techniker werden geladen…",
    emptyTitle: "Noch keine Techniker",
    emptyDescription: "Laden Sie Ihre Kollegen ein, damit jeder eine eigene Anmeldung hat.",
    inviteFor: "Einladung für {firstName} {lastName}",
  },
  table: {
    you: "Sie",
    noRole: "Keine Rolle",
    unknownRole: "Rolle {id}",
    linkValidUntil: "Link gültig bis {time}",
    enrolled: "Eingerichtet",
    notSetUp: "Nicht eingerichtet",
    actionsFor: "Aktionen für {name}",
    reinvite: "Erneut einladen",
    resetMfa: "Zwei-Faktor zurücksetzen",
  },
  actions: {
    disabled: "{name} deaktiviert",
    enabled: "{name} aktiviert",
    reinvited: "{name} erneut eingeladen",
    mfaReset: "{name} muss die Zwei-Faktor-Authentifizierung bei der nächsten Anmeldung neu einrichten",
    deleted: "{name} gelöscht",
    failed: "{name} konnte nicht geändert werden",
    deleteTitle: "Techniker löschen",
    deleteMessage:
      "{name} ({email}) löschen? Der Zugriff endet sofort. Dies kann nicht rückgängig gemacht werden.",
    disableTitle: "Techniker deaktivieren",
    disableMessage:
      "{name} deaktivieren? Die Person wird abgemeldet und kann sich erst nach erneuter Aktivierung anmelden.",
    resetMfaTitle: "Zwei-Faktor-Authentifizierung zurücksetzen",
    resetMfaMessage:
      "Zwei-Faktor-Authentifizierung für {name} zurücksetzen? Die Person wird abgemeldet und muss bei der nächsten Anmeldung eine neue Authentifizierungs-App einrichten.",
  },
  invite: {
    title: "Techniker einladen",
    emailTaken: "Es gibt bereits einen Techniker mit dieser E-Mail-Adresse",
    rolesHelpAdmin:
      "Systemadministratoren haben alle Berechtigungen; Rollen gelten, falls sie es nicht mehr sind.",
    rolesHelp: "Der Zugriff ist die Summe dieser Rollen.",
    systemAdminHelp: "Vollzugriff, einschließlich Techniker und Einstellungen.",
    send: "Einladung senden",
    emailSent:
      "Eine Einladungs-E-Mail wurde an {email} gesendet. Sie können den Link unten auch selbst weitergeben.",
    emailNotSent:
      "Es wurde keine E-Mail gesendet (ausgehende E-Mail ist nicht eingerichtet). Senden Sie diesen Link selbst an {email}.",
    link: "Einladungslink",
    copyLink: "Link kopieren",
    validity:
      "Der Link ist 24 Stunden gültig, bis {until}. Er funktioniert einmal; der Techniker wählt ein Passwort und richtet die Zwei-Faktor-Authentifizierung ein.",
    done: "Fertig",
  },
  editor: {
    emailHelp: "Der Anmeldename; er kann nicht geändert werden.",
    selfAdmin: "Sie können Ihre eigene Rolle nicht ändern.",
    cannotModifySelf: "Sie können Ihre eigene Administratorrolle nicht ändern.",
    saved: "Techniker gespeichert",
    facts:
      "Erstellt {created} · Letzte Anmeldung {lastSignIn} · Zwei-Faktor {mfa, select, enrolled {eingerichtet} other {nicht eingerichtet}}",
    notFound: "Dieser Techniker existiert nicht",
    notFoundHint: "Er wurde möglicherweise gelöscht.",
    noSuchPage: "Diese Seite existiert nicht",
    loading: "Techniker wird geladen…",
    loadError: "Der Techniker konnte nicht geladen werden",
  },
};
