import type { Translation } from "../../catalogue.js";
import type { activityEn } from "../en/activity.js";

export const activityDe: Translation<typeof activityEn> = {
  deviceEnrolled: "Gerät {hostname} registriert",
  deviceEnrolledPending: "Gerät {hostname} registriert (wartet auf Genehmigung)",
  cameOnline: "Gerät ist online",
  wentOfflineSilent: "Gerät ist offline (kein Heartbeat)",
  wentOfflineClosed: "Gerät ist offline (Verbindung geschlossen)",
  inventoryChanged: "Inventar geändert: {sections}",
  customFieldsChanged: "Benutzerdefinierte Felder geändert: {fields}",
  submittedBy: "Gestartet von {actor}",
  cancelledBy: "Abgebrochen von {actor}",
  approvedBy: "Genehmigt von {actor}",
  rejectedBy: "Abgelehnt von {actor}",
  roleClearedBy: "Rolle entfernt von {actor}",
  roleSetBy: "Rolle auf {role} gesetzt von {actor}",
  tagAddedBy: "Tag {tag} hinzugefügt von {actor}",
  tagRemovedBy: "Tag {tag} entfernt von {actor}",
  alertTriggered: "Alarm ausgelöst: {condition} ({severity}): {detail}",
  alertRecovered: "Alarm zurückgesetzt: {condition} hat sich erholt",
  alertAutoReset: "Alarm automatisch zurückgesetzt: {condition}",
  alertResetBy: "Alarm zurückgesetzt von {actor}: {condition}",
  alertConditionRemoved: "Alarm zurückgesetzt: {condition} ist nicht mehr in der Richtlinie des Geräts",
  alertFlapping:
    "Alarm schwankt: {condition} hat zu oft den Zustand gewechselt; Benachrichtigungen pausieren, bis er sich beruhigt",
  alertNotified: "Benachrichtigung zu {condition}: {outcomes}",
};
