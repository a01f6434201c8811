import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  states: {
    tryAgain: "Erneut versuchen",
  },
  saveBar: {
    discard: "Änderungen verwerfen",
  },
  statCard: {
    value: "{label}: {value}",
  },
  rowActions: {
    deleteNamed: "{name} löschen",
    editNamed: "{name} bearbeiten",
  },
  dialogs: {
    ok: "OK",
  },
  notAvailable: {
    thisArea: "Dieser Bereich",
    body: "{area} ist in dieser Version von Steward noch nicht verfügbar.",
    noData:
      "Hier wird nichts angezeigt, bis die Funktion gebaut ist; es werden keine Beispiel- oder Platzhalterdaten gezeigt.",
  },
  pagination: {
    first: "Erste Seite",
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    last: "Letzte Seite",
  },
  errors: {
    network:
      "Der Steward-Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    requestFailed: "Anfrage fehlgeschlagen ({status})",
    serverError: "Der Server hat mit einem Fehler geantwortet (HTTP {status}).",
    unexpectedAnswer: "Der Server hat mit einem unerwarteten Fehler geantwortet (HTTP {status}).",
    unreadable: "Der Server hat eine Antwort gesendet, die die Konsole nicht lesen kann.",
    forbidden: "Sie haben keine Berechtigung dafür. Bitten Sie einen Systemadministrator um Zugriff.",
    csrf: "Ihre Sitzung konnte nicht überprüft werden. Laden Sie die Seite neu und versuchen Sie es erneut.",
    server: "Auf dem Server ist etwas schiefgelaufen. Versuchen Sie es gleich noch einmal.",
    serverWithRequest:
      "Auf dem Server ist etwas schiefgelaufen (Anfrage {requestId}). Versuchen Sie es gleich noch einmal.",
    unexpected: "Etwas Unerwartetes ist schiefgelaufen.",
  },
  os: {
    windows: "Windows",
    mac: "macOS",
    linux: "Linux",
    other: "Andere",
    any: "Jedes Betriebssystem",
  },
};
