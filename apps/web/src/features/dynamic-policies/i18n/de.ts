import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    title: "Dynamische Richtlinien",
  },
  list: {
    description:
      "Eine dynamische Richtlinie gilt zusätzlich zur Richtlinie eines Geräts, wenn das Gerät ihre Kriterien erfüllt. Passen mehrere, gewinnt die weiter oben stehende.",
    new: "Neue dynamische Richtlinie",
    deviceClass: "Geräteklasse",
    loading: "Dynamische Richtlinien werden geladen…",
    loadError: "Dynamische Richtlinien konnten nicht geladen werden",
    emptyTitle: "Keine dynamischen Richtlinien für {deviceClass}",
    emptyDescription:
      "Legen Sie eine an, um die Richtlinie der Geräte zu ändern, die ihre Kriterien erfüllen.",
    tableLabel: "Dynamische Richtlinien nach Priorität",
    orderHint:
      "Ziehen Sie eine Zeile oder nutzen Sie die Pfeile, um die Priorität zu ändern. Die erste Zeile gewinnt.",
    priority: "Priorität",
    criteria: "Gilt für",
    sections: "Legt fest",
    noSections: "Noch nichts",
    devices: "Geräte",
    deviceCount: "{count, plural, one {# Gerät} other {# Geräte}}",
    disabled: "Deaktiviert",
    moveUp: "Nach oben",
    moveDown: "Nach unten",
    moveUpNamed: "{name} nach oben verschieben",
    moveDownNamed: "{name} nach unten verschieben",
    orderSaved: "Reihenfolge gespeichert",
    orderError: "Die Reihenfolge konnte nicht geändert werden",
    deleteTitle: "Dynamische Richtlinie löschen",
    deleteMessage: "{name} löschen? Passende Geräte erhalten wieder die Werte ihrer eigenen Richtlinie.",
    deleted: "{name} gelöscht",
    deleteError: "Die dynamische Richtlinie konnte nicht gelöscht werden",
  },
  form: {
    newTitle: "Neue dynamische Richtlinie",
    editTitle: "Dynamische Richtlinie {name}",
    enabled: "Aktiviert",
    enabledHelp: "Eine deaktivierte dynamische Richtlinie gilt für kein Gerät.",
    criteria: "Kriterien",
    criteriaHelp: "Geräte der Klasse {deviceClass}, die diese Kriterien erfüllen, erhalten diese Richtlinie.",
    editCriteria: "Kriterien bearbeiten",
    sections: "Abschnitte",
    sectionsHelp:
      "Nur Abschnitte mit angehakter Option „Festlegen“ gelten; die übrigen bleiben, wie die Richtlinie des Geräts sie setzt.",
    configure: "{section} festlegen",
    fixedHelp: "Leere Elemente behalten den Wert der Richtlinie des Geräts.",
    conditionsHelp: "Diese Bedingungen kommen zu den Bedingungen der Richtlinie des Geräts hinzu.",
    keyedItems:
      "{count, plural, =0 {Noch keine Elemente} one {# Element} other {# Elemente}}. Sie werden über die API festgelegt.",
    create: "Anlegen",
    created: "Dynamische Richtlinie angelegt",
    saved: "Dynamische Richtlinie gespeichert",
  },
  sections: {
    agentSettings: "Agenteneinstellungen",
    conditions: "Bedingungen",
    automations: "Automatisierungen",
    other: "Weitere Einstellungen",
  },
  card: {
    fromDynamic: "Aus der dynamischen Richtlinie {name}",
    matching: "Dynamische Richtlinien: {names}",
  },
};
