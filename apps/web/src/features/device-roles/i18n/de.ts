import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    list: "Geräterollen",
    tab: "Rollen",
  },
  list: {
    description:
      "Wofür ein Gerät dient (Arbeitsplatz, Server …). Rollen haben eigene benutzerdefinierte Felder und filtern die Geräteliste.",
    newRole: "Neue Rolle",
    loadError: "Die Geräterollen konnten nicht geladen werden",
    loading: "Geräterollen werden geladen…",
    emptyTitle: "Keine Geräterollen",
    emptyDescription: "Erstellen Sie eine Rolle, um Geräte nach ihrem Zweck zu gruppieren.",
    operatingSystem: "Betriebssystem",
    customFields: "Benutzerdefinierte Felder",
    builtIn: "Integriert",
    deleteTitle: "Geräterolle löschen",
    deleteMessage:
      "„{name}“ löschen? {devices, plural, one {# Gerät verliert} other {# Geräte verlieren}} die Rolle, und {fields, plural, one {# benutzerdefiniertes Feld wird} other {# benutzerdefinierte Felder werden}} gelöscht.",
    deleted: "Geräterolle „{name}“ gelöscht",
    deleteError: "Die Rolle konnte nicht gelöscht werden",
  },
  form: {
    newTitle: "Neue Geräterolle",
    editTitle: "{name} bearbeiten",
    operatingSystem: "Betriebssystem",
    osFixed: "Das Betriebssystem einer Rolle steht nach dem Erstellen fest.",
    create: "Rolle erstellen",
    created: "Geräterolle erstellt",
    saved: "Geräterolle gespeichert",
  },
};
