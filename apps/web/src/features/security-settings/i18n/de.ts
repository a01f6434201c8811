import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  page: {
    description: "Anmelderegeln für alle Techniker: Passwörter, zweite Faktoren, Sitzungen und Adressen.",
    loading: "Sicherheitseinstellungen werden geladen…",
    loadError: "Die Sicherheitseinstellungen konnten nicht geladen werden",
    saved: "Sicherheitseinstellungen gespeichert",
    password: "Passwortrichtlinie",
    minLength: "Mindestlänge des Passworts",
    characterClasses: "Zu mischende Arten von Zeichen",
    characterClassesHelp: "Aus Kleinbuchstaben, Großbuchstaben, Ziffern und Sonderzeichen.",
    rejectBreached: "Verbreitete und kompromittierte Passwörter ablehnen",
    rejectBreachedHelp: "Geprüft gegen eine mit Steward ausgelieferte Liste verbreiteter Passwörter.",
    history: "Frühere Passwörter, die nicht wiederverwendet werden dürfen",
    factors: "Erlaubte zweite Faktoren",
    factorsHelp: "Techniker können nur die hier ausgewählten Faktoren einrichten und verwenden.",
    factorTOTP: "Authenticator-App",
    factorU2F: "Sicherheitsschlüssel",
    factorSMS: "SMS-Code",
    factorDUO: "Duo",
    sessions: "Sitzungen",
    idle: "Abmelden nach Inaktivität (Minuten)",
    absolute: "Abmelden nach (Stunden), aktiv oder nicht",
    stepUp: "Bestätigung für heikle Aktionen",
    stepUpWindow: "Zweiten Faktor erneut abfragen nach (Minuten)",
    stepUpWindowHelp:
      "Änderungen an Technikern, Rollen, Zugangsdaten oder diesen Einstellungen, das Anzeigen von Geheimnissen und das Löschen von Organisationen oder Geräten erfordern eine aktuelle Bestätigung.",
    stepUpDevices: "Skripte auf mehr Geräten als diesen erfordern eine Bestätigung",
    network: "Anmeldeadressen für Techniker",
    allowList: "Erlaubte Netzwerke",
    allowListHelp:
      "Ein Netzwerk pro Zeile in CIDR-Form, etwa 203.0.113.0/24. Leer lassen, um alle Adressen zu erlauben.",
    allowListEmpty: "Alle Adressen sind erlaubt",
  },
  stepUpPrompt: {
    title: "Bestätigen Sie, dass Sie es sind",
    description:
      "Diese Aktion erfordert eine aktuelle Bestätigung mit dem zweiten Faktor. Geben Sie einen Code aus Ihrer Authenticator-App ein.",
    recoveryDescription: "Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code funktioniert einmal.",
    recoveryCode: "Wiederherstellungscode",
    useRecovery: "Wiederherstellungscode verwenden",
    useCode: "Authenticator-App verwenden",
    confirm: "Bestätigen",
    cancel: "Abbrechen",
  },
};
