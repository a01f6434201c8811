import type { Translation } from "@steward/contracts";
import type { en } from "./en";

/** Die Texte der Einmalanmeldung auf Deutsch. */
export const de: Translation<typeof en> = {
  page: {
    description:
      "Techniker melden sich über Ihren OpenID-Connect-Identitätsanbieter an. Den zweiten Faktor der Konsole bestätigen sie weiterhin, außer Sie vertrauen dem des Anbieters.",
    loading: "Einstellungen der Einmalanmeldung werden geladen…",
    loadError: "Die Einstellungen der Einmalanmeldung konnten nicht geladen werden",
    saved: "Einstellungen der Einmalanmeldung gespeichert",
    provider: "Identitätsanbieter",
    providerName: "Name des Anbieters",
    providerNameHelp: "Auf der Anmeldeseite als „Anmelden mit …“ angezeigt.",
    issuerUrl: "Aussteller-URL",
    issuerUrlHelp:
      "Die Adresse des Anbieters; seine Einstellungen werden aus /.well-known/openid-configuration gelesen.",
    issuerUrlPlaceholder: "https://login.example.com",
    clientId: "Client-ID",
    clientSecret: "Client-Geheimnis",
    clientSecretSet: "Gesetzt",
    clientSecretNotSet: "Nicht gesetzt",
    clientSecretReplace: "Verschlüsselt gespeichert. Geben Sie ein neues Geheimnis ein, um es zu ersetzen.",
    clientSecretHelp: "Verschlüsselt gespeichert; wird nie wieder angezeigt.",
    redirectUri: "Beim Anbieter einzutragende Weiterleitungs-URI",
    scopes: "Bereiche (Scopes)",
    scopesHelp: "Durch Leerzeichen getrennt; openid wird immer angefragt.",
    accounts: "Technikerkonten",
    groupClaim: "Gruppen-Claim",
    groupClaimHelp: "Der Claim des ID-Tokens, der die Gruppen des Benutzers aufführt.",
    jit: "Techniker bei ihrer ersten Anmeldung anlegen",
    jitHelp:
      "Eine unbekannte E-Mail-Adresse wird zu einem neuen Techniker mit den Rollen seiner zugeordneten Gruppen.",
    trustMfa: "Der Mehr-Faktor-Authentifizierung des Identitätsanbieters vertrauen",
    trustMfaHelp:
      "Den zweiten Faktor der Konsole bei der Anmeldung überspringen, wenn der Anbieter „mfa“ unter den Anmeldemethoden (amr) meldet.",
    enabled: "Einmalanmeldung auf der Anmeldeseite anbieten",
  },
  mappings: {
    title: "Zuordnung von Gruppen zu Rollen",
    help: "Techniker erhalten bei jeder Anmeldung genau die Rollen ihrer zugeordneten Gruppen. Systemadministratoren behalten ihre.",
    caption: "Gruppen des Identitätsanbieters und die Rollen ihrer Mitglieder",
    group: "Gruppe",
    role: "Rolle",
    actions: "Aktionen",
    empty:
      "Noch ist keine Gruppe zugeordnet. Ohne Zuordnung kann bei der Anmeldung kein Techniker angelegt werden.",
    add: "Zuordnung hinzufügen",
    rolePlaceholder: "Rolle wählen",
  },
  signIn: {
    button: "Anmelden mit {provider}",
    or: "oder",
    refused: {
      failed:
        "Die Einmalanmeldung wurde nicht abgeschlossen. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.",
      unknownAccount:
        "Kein Technikerkonto verwendet die E-Mail-Adresse, die Ihr Identitätsanbieter übermittelt hat. Bitten Sie einen Administrator um eine Einladung.",
      inactive: "Ihr Technikerkonto ist nicht aktiv. Wenden Sie sich an einen Administrator.",
      noMappedGroup:
        "Keine Ihrer Gruppen beim Identitätsanbieter ist einer Steward-Rolle zugeordnet. Bitten Sie einen Administrator, eine Ihrer Gruppen zuzuordnen.",
      noEmail: "Ihr Identitätsanbieter hat keine E-Mail-Adresse für Sie bestätigt.",
      disabled: "Die Einmalanmeldung ist ausgeschaltet.",
    },
  },
};
