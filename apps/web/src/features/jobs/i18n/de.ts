import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  status: {
    succeeded: "Erfolgreich",
    failed: "Fehlgeschlagen",
    cancelled: "Abgebrochen",
    cancelling: "Wird abgebrochen",
    running: "Läuft",
    sent: "Gesendet",
    queued: "Wartend",
  },
  flow: {
    submitFailed: "Fehler beim Erstellen/Aktualisieren von Aufträgen",
    failedTitle: "Diese Aktion kann nicht ausgeführt werden",
    noResponseTitle: "Keine Antwort",
    noResponse: "Keine Antwort vom Gerät erhalten",
    pollFailed: "Bei der Bearbeitung Ihrer Anfrage ist ein Problem aufgetreten",
    wakeFailed: "Fehler beim Senden von Wake-on-LAN",
    wakeUnsuccessfulTitle: "Wake-on-LAN erfolglos",
    wakeUnsuccessful: "Kein Gerät ist online, das dieses Gerät aufwecken kann",
    wakeUnsuccessfulNote:
      "Prüfen Sie, ob Wake-on-LAN im BIOS und in den Netzwerkkarten-Einstellungen des Geräts aktiviert ist und ob ein anderes Gerät der Organisation im selben Netzwerk online ist.",
    wakeSentTitle: "Wake-on-LAN gesendet",
    wakeSent:
      "Ein Weckpaket wurde über ein Gerät in seinem Netzwerk an das Gerät gesendet. Der Auftrag läuft, sobald das Gerät online ist.",
    errorTitle: "Fehler",
    waitingTitle: "Warten auf das Gerät",
    waitingMessage: "Das Gerät arbeitet daran…",
  },
  output: {
    cancelError: "Der Auftrag konnte nicht abgebrochen werden",
    running: "Auftrag läuft",
    job: "Auftrag",
    exitCode: "Exit-Code {code}",
    cancellation: "{job}: {message}",
    queued:
      "Das Gerät ist offline oder hat den Auftrag noch nicht abgeholt; er läuft, sobald das Gerät sich verbindet.",
    output: "Ausgabe",
    errors: "Fehler",
    loadError: "Die Ausgabe konnte nicht geladen werden: {error}",
    loading: "Ausgabe wird geladen…",
    truncated: "Die Ausgabe war länger als die Größenbeschränkung und wurde gekürzt.",
    runAs: "Ausführen als {account}",
    runAsCredential: "Ausführen als gespeicherte Anmeldedaten",
    preset: "Voreinstellung {preset}",
  },
};
